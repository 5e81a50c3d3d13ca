import type { Kysely } from 'kysely';
import { errorMessages, type ViewerReport } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import {
  locationOf,
  reportsRepository,
  type LocatedReport,
} from '../accounts/reports.repository.ts';
import { BiServiceError } from '../bi-client/bi-errors.ts';
import type { Integration } from '../bi-client/integration.ts';
import {
  canViewReport,
  isAdministrator,
  type PolicyUser,
} from '../permissions/permissions.policy.ts';
import { credentialsOf } from '../sync/sync.service.ts';
import type { CachedEmbedToken } from './embed-token-cache.ts';

/** Embed-token cache key: tokens are minted with the account's credentials (decision 0020). */
export function embedTokenKey(accountId: number, reportBiId: string): string {
  return `${accountId}:${reportBiId}`;
}

/** What the viewer needs to embed one report: checked access plus a cached View embed token. */
export function createViewerService(deps: { db: Kysely<Database>; integration: Integration }) {
  const { db, integration } = deps;

  async function mint(report: LocatedReport): Promise<CachedEmbedToken> {
    const account = await accountsRepository.getById(db, report.account_id);
    if (!account) throw appErrors.notFound(errorMessages.reportNotFound);
    try {
      const token = await integration.bi.generateViewToken(
        credentialsOf(account, integration.secrets),
        {
          kind: report.kind,
          workspaceId: report.workspace_bi_id,
          itemId: report.bi_id,
        },
      );
      return { token: token.token, expiration: token.expiration };
    } catch (error) {
      if (error instanceof BiServiceError) throw new AppError('bad_gateway', error.message);
      throw error;
    }
  }

  return {
    async open(user: PolicyUser, uid: string): Promise<ViewerReport> {
      const report = await reportsRepository.getByUid(db, uid);
      if (!report) throw appErrors.notFound(errorMessages.reportNotFound);
      // Administrators skip the grants query: they see everything.
      if (
        !isAdministrator(user) &&
        !canViewReport(user, locationOf(report), await integration.access.grants(user.id))
      ) {
        throw new AppError('forbidden', errorMessages.reportForbidden);
      }
      const token = await integration.embedTokens.get(
        embedTokenKey(report.account_id, report.bi_id),
        () => mint(report),
      );
      return {
        name: report.name,
        accessToken: token.token,
        reportId: report.bi_id,
        groupId: report.workspace_bi_id,
        embedUrl: report.embed_url,
        type: report.kind,
        expiration: token.expiration.toISOString(),
      };
    },
  };
}
export type ViewerService = ReturnType<typeof createViewerService>;
