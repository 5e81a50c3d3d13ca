import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { errorMessages, type ViewerReport } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import { credentialsOf } from '../accounts/account-credentials.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import type { EffectiveIdentity } from '@vitrina/bi-model/rest';
import type { BiClient } from '../bi-client/bi-client.ts';
import { BiServiceError } from '../bi-client/bi-errors.ts';
import { portalErrorOf } from '../bi-client/portal-error.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import type { ContentCache } from '../content/content-cache.ts';
import type { ReportPlacement } from '../content/content-snapshot.ts';
import type { StoredIdentity } from '../identities/identities.repository.ts';
import { identityFor } from '../identities/identity-resolution.ts';
import {
  canViewReport,
  isAdministrator,
  type Grants,
  type PolicyUser,
} from '../permissions/permissions.policy.ts';
import type { CachedEmbedToken, EmbedTokenCache } from './embed-token-cache.ts';
import { embedTokenKey, identityTokenKey } from './embed-token-keys.ts';

export {
  embedTokenKey,
  forgetAccountEmbedTokens,
  forgetUserEmbedTokens,
} from './embed-token-keys.ts';

const viewerMessages = {
  identityMissing:
    'Este informe aplica seguridad por filas y su usuario no tiene una identidad asignada. Pida a un administrador que se la asigne.',
} as const;

/** Where the report `uid` lives; a report synced since the cached snapshot is found too. 404 otherwise. */
export async function findReport(content: ContentCache, uid: string): Promise<ReportPlacement> {
  const snapshot = await content.get();
  const placement =
    snapshot.reportsByUid.get(uid) ??
    (await content.refreshIfChanged(snapshot)).reportsByUid.get(uid);
  if (!placement) throw appErrors.notFound(errorMessages.reportNotFound);
  return placement;
}

/** The embed answer for a placed report and a token: the viewer's, and the editor's core. */
export function reportEmbed(
  { workspace, report }: Pick<ReportPlacement, 'workspace' | 'report'>,
  token: CachedEmbedToken,
): ViewerReport {
  return {
    name: report.name,
    accessToken: token.token,
    reportId: report.id,
    groupId: workspace.id,
    embedUrl: report.embedUrl,
    type: report.kind,
    expiration: token.expiration,
  };
}

/**
 * What the viewer needs to embed one report: checked access plus a cached View embed token. A
 * viewer with identities on the report's account gets tokens of their own (keyed by user and
 * identity); everyone else shares the account's token without identity, which the BI service
 * refuses for a dataset with row-level security: the viewer then gets an error, never a token.
 */
export function createViewerService(deps: {
  db: Kysely<Database>;
  secrets: SecretBox;
  bi: Pick<BiClient, 'generateViewToken' | 'reportDataset'>;
  content: ContentCache;
  grants: (userId: number) => Promise<Grants>;
  identities: (userId: number) => Promise<StoredIdentity[]>;
  embedTokens: EmbedTokenCache;
}) {
  const { db, content } = deps;
  // The answer for a report placement with the token it was built with: the same object is handed
  // out while both are current, so the route writes its JSON once (decision 0156). It carries no
  // user data (the token is per report, shared by design); access is checked before every answer.
  const answers = new WeakMap<ReportPlacement, { token: CachedEmbedToken; answer: ViewerReport }>();

  async function credentialsFor(accountId: number): Promise<BiCredentials> {
    const row = await accountsRepository.getById(db, accountId);
    if (!row) throw appErrors.notFound(errorMessages.reportNotFound);
    return credentialsOf(row, deps.secrets);
  }

  /** Mints with `identityOf(datasetId)` for a dataset that requires one; fails closed without. */
  async function mint(
    { account, workspace, report }: ReportPlacement,
    identityOf?: (datasetId: string) => EffectiveIdentity | undefined,
  ): Promise<CachedEmbedToken> {
    const target = { kind: report.kind, workspaceId: workspace.id, itemId: report.id };
    let credentials: BiCredentials | undefined;
    try {
      credentials = await credentialsFor(account.id);
      let identity: EffectiveIdentity | undefined;
      if (identityOf && report.kind === 'report') {
        const dataset = await deps.bi.reportDataset(credentials, workspace.id, report.id);
        identity = dataset.identityRequired ? identityOf(dataset.datasetId) : undefined;
        if (dataset.identityRequired && !identity) {
          throw new AppError('identity_required', viewerMessages.identityMissing);
        }
      }
      const token = await deps.bi.generateViewToken(credentials, target, identity);
      return { token: token.token, expiration: token.expiration };
    } catch (error) {
      if (!(error instanceof BiServiceError)) throw error;
      // Refused without an identity: say so when the dataset is why (row-level security).
      if (credentials && !identityOf && report.kind === 'report') {
        const dataset = await deps.bi
          .reportDataset(credentials, workspace.id, report.id)
          .catch(() => undefined);
        if (dataset?.identityRequired) {
          throw new AppError('identity_required', viewerMessages.identityMissing);
        }
      }
      throw portalErrorOf(error);
    }
  }

  return {
    async open(user: PolicyUser, uid: string): Promise<ViewerReport> {
      const placement = await findReport(content, uid);
      const { account, workspace, report } = placement;
      const location = {
        accountId: account.id,
        workspaceBiId: workspace.id,
        reportBiId: report.id,
      };
      // Administrators skip the grants lookup: they see everything.
      if (!isAdministrator(user) && !canViewReport(user, location, await deps.grants(user.id))) {
        throw new AppError('forbidden', errorMessages.reportForbidden);
      }
      const mapped = (await deps.identities(user.id)).filter((i) => i.accountId === account.id);
      const token =
        mapped.length === 0
          ? await deps.embedTokens.get(embedTokenKey(account.id, report.id), () => mint(placement))
          : await deps.embedTokens.get(
              identityTokenKey(account.id, report.id, user.id, digestOf(mapped)),
              () =>
                mint(placement, (datasetId) => {
                  const identity = identityFor(mapped, account.id, datasetId);
                  return (
                    identity && {
                      username: identity.username,
                      roles: identity.roles,
                      datasets: [datasetId],
                    }
                  );
                }),
            );
      const known = answers.get(placement);
      if (known?.token === token) return known.answer;
      const answer = Object.freeze(reportEmbed(placement, token));
      answers.set(placement, { token, answer });
      return answer;
    },
  };
}

/** Part of the cache key: a changed identity can never meet a token minted for the old one. */
function digestOf(identities: StoredIdentity[]): string {
  const canonical = identities
    .map((i) => [i.datasetId ?? '', i.username, [...i.roles].sort()])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22);
}

export type ViewerService = ReturnType<typeof createViewerService>;
