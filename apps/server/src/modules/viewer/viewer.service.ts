import { createHash } from 'node:crypto';
import type { ViewerReport } from '@vitrina/contracts';
import type { BiClient } from '../bi-client/bi-client.ts';
import type { ReportPlacement } from '../content/content-snapshot.ts';
import type { StoredIdentity } from '../identities/identities.repository.ts';
import type { PolicyUser } from '../permissions/permissions.policy.ts';
import type { CachedEmbedToken, EmbedTokenCache } from './embed-token-cache.ts';
import { embedTokenKey, identityTokenKey } from './embed-token-keys.ts';
import type { ViewerAccess, ViewerIdentities } from './viewer-access.ts';

export {
  embedTokenKey,
  forgetAccountEmbedTokens,
  forgetUserEmbedTokens,
} from './embed-token-keys.ts';
export { findReport } from './viewer-access.ts';

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
  access: ViewerAccess;
  bi: Pick<BiClient, 'generateViewToken'>;
  embedTokens: EmbedTokenCache;
}) {
  const { access } = deps;
  // The answer for a report placement with the token it was built with: the same object is handed
  // out while both are current, so the route writes its JSON once (decision 0156). It carries no
  // user data (the token is per report, shared by design); access is checked before every answer.
  const answers = new WeakMap<ReportPlacement, { token: CachedEmbedToken; answer: ViewerReport }>();

  function mint(placement: ReportPlacement, identities: ViewerIdentities) {
    const { workspace, report } = placement;
    const target = { kind: report.kind, workspaceId: workspace.id, itemId: report.id };
    return access.asViewer(placement, identities, async (credentials, identity) => {
      const token = await deps.bi.generateViewToken(credentials, target, identity);
      return { token: token.token, expiration: token.expiration };
    });
  }

  return {
    async open(user: PolicyUser, uid: string): Promise<ViewerReport> {
      const placement = await access.openable(user, uid);
      const { account, report } = placement;
      const identities = await access.identitiesOf(user.id, account.id);
      const key =
        identities.mapped.length === 0
          ? embedTokenKey(account.id, report.id)
          : identityTokenKey(account.id, report.id, user.id, digestOf(identities.mapped));
      const token = await deps.embedTokens.get(key, () => mint(placement, identities));
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
