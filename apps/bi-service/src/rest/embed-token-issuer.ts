import { randomUUID } from 'node:crypto';
import type { BiServices } from '../services.ts';
import type { DatasetRow } from '../storage/content.repository.ts';
import type { VerifiedCaller } from '../tokens/access-token.ts';
import { signEmbedToken, type AccessLevel } from '../tokens/embed-token.ts';
import { resolveIdentities, type IdentityInput } from './effective-identities.ts';
import { entityNotFound } from './powerbi-error.ts';

/** The items an embed token will cover (ids lower-case). */
export interface TokenScope {
  reports: Iterable<string>;
  datasets: Iterable<string>;
  dashboards?: Iterable<string>;
  tiles?: Iterable<string>;
  workspaces: Iterable<string>;
  accessLevel: AccessLevel;
}

export interface TokenOptions {
  identities?: IdentityInput[] | undefined;
  lifetimeInMinutes?: number | undefined;
}

/** Power BI's EmbedToken response. */
export interface EmbedTokenResponse {
  token: string;
  tokenId: string;
  expiration: string;
}

const unique = (ids: Iterable<string> | undefined) => [
  ...new Set([...(ids ?? [])].map((id) => id.toLowerCase())),
];

/**
 * Mints embed tokens. The expiry never passes the caller's access token (an embed token cannot
 * outlive the token that minted it); `lifetimeInMinutes` may only shorten it.
 */
export function createEmbedTokenIssuer(services: BiServices) {
  return async function issue(
    caller: VerifiedCaller,
    scope: TokenScope,
    options: TokenOptions,
  ): Promise<EmbedTokenResponse> {
    const datasetIds = unique(scope.datasets);
    const datasets = datasetIds.map((id): DatasetRow => {
      const dataset = services.content.getDataset(id);
      if (!dataset) throw entityNotFound(`Dataset ${id}`);
      return dataset;
    });
    const identities = resolveIdentities(datasets, options.identities);
    const now = Math.floor(Date.now() / 1000);
    const requested =
      options.lifetimeInMinutes === undefined ? Infinity : now + options.lifetimeInMinutes * 60;
    const exp = Math.min(caller.exp, requested);
    const token = await signEmbedToken(services.embedTokenKey, {
      sub: caller.principal.id,
      reports: unique(scope.reports),
      datasets: datasetIds,
      dashboards: unique(scope.dashboards),
      tiles: unique(scope.tiles),
      workspaces: unique(scope.workspaces),
      accessLevel: scope.accessLevel,
      ...(identities ? { identities } : {}),
      exp,
    });
    return { token, tokenId: randomUUID(), expiration: new Date(exp * 1000).toISOString() };
  };
}

export type EmbedTokenIssuer = ReturnType<typeof createEmbedTokenIssuer>;
