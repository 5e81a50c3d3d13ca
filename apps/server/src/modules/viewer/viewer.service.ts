import type { Kysely } from 'kysely';
import { errorMessages, type ViewerReport } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { ReportPlacement } from '../accounts/content-snapshot.ts';
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

  async function mint({ account, workspace, report }: ReportPlacement): Promise<CachedEmbedToken> {
    const row = await accountsRepository.getById(db, account.id);
    if (!row) throw appErrors.notFound(errorMessages.reportNotFound);
    try {
      const token = await integration.bi.generateViewToken(
        credentialsOf(row, integration.secrets),
        {
          kind: report.kind,
          workspaceId: workspace.id,
          itemId: report.id,
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
      const snapshot = await integration.content.get();
      const placement =
        snapshot.reportsByUid.get(uid) ??
        (await integration.content.refreshIfChanged(snapshot)).reportsByUid.get(uid);
      if (!placement) throw appErrors.notFound(errorMessages.reportNotFound);
      const { account, workspace, report } = placement;
      const location = {
        accountId: account.id,
        workspaceBiId: workspace.id,
        reportBiId: report.id,
      };
      // Administrators skip the grants lookup: they see everything.
      if (
        !isAdministrator(user) &&
        !canViewReport(user, location, await integration.access.grants(user.id))
      ) {
        throw new AppError('forbidden', errorMessages.reportForbidden);
      }
      const token = await integration.embedTokens.get(embedTokenKey(account.id, report.id), () =>
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
