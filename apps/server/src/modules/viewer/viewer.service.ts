import type { Kysely } from 'kysely';
import { errorMessages, type ViewerReport } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import { credentialsOf } from '../accounts/account-credentials.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import { BiServiceError } from '../bi-client/bi-errors.ts';
import type { ContentCache } from '../content/content-cache.ts';
import type { ReportPlacement } from '../content/content-snapshot.ts';
import {
  canViewReport,
  isAdministrator,
  type Grants,
  type PolicyUser,
} from '../permissions/permissions.policy.ts';
import type { CachedEmbedToken, EmbedTokenCache } from './embed-token-cache.ts';

/** Embed-token cache key: tokens are minted with the account's credentials (decision 0020). */
export function embedTokenKey(accountId: number, reportBiId: string): string {
  return `${accountId}:${reportBiId}`;
}

/** Forgets the embed tokens minted with an account's credentials (they changed, or it is gone). */
export function forgetAccountEmbedTokens(cache: EmbedTokenCache, accountId: number): void {
  cache.deleteMatching((key) => key.startsWith(embedTokenKey(accountId, '')));
}

/** Where the report `uid` lives; a report synced since the cached snapshot is found too. 404 otherwise. */
export async function findReport(content: ContentCache, uid: string): Promise<ReportPlacement> {
  const snapshot = await content.get();
  const placement =
    snapshot.reportsByUid.get(uid) ??
    (await content.refreshIfChanged(snapshot)).reportsByUid.get(uid);
  if (!placement) throw appErrors.notFound(errorMessages.reportNotFound);
  return placement;
}

/** What the viewer needs to embed one report: checked access plus a cached View embed token. */
export function createViewerService(deps: {
  db: Kysely<Database>;
  secrets: SecretBox;
  bi: Pick<BiClient, 'generateViewToken'>;
  content: ContentCache;
  grants: (userId: number) => Promise<Grants>;
  embedTokens: EmbedTokenCache;
}) {
  const { db, content } = deps;

  async function mint({ account, workspace, report }: ReportPlacement): Promise<CachedEmbedToken> {
    const row = await accountsRepository.getById(db, account.id);
    if (!row) throw appErrors.notFound(errorMessages.reportNotFound);
    try {
      const token = await deps.bi.generateViewToken(credentialsOf(row, deps.secrets), {
        kind: report.kind,
        workspaceId: workspace.id,
        itemId: report.id,
      });
      return { token: token.token, expiration: token.expiration };
    } catch (error) {
      if (error instanceof BiServiceError) throw new AppError('bad_gateway', error.message);
      throw error;
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
      const token = await deps.embedTokens.get(embedTokenKey(account.id, report.id), () =>
        mint(placement),
      );
      return {
        name: report.name,
        accessToken: token.token,
        reportId: report.id,
        groupId: workspace.id,
        embedUrl: report.embedUrl,
        type: report.kind,
        expiration: token.expiration.toISOString(),
      };
    },
  };
}
export type ViewerService = ReturnType<typeof createViewerService>;
