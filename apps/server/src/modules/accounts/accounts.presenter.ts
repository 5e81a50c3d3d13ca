import type { Account, ViewerAccount } from '@vitrina/contracts';
import type { SnapshotAccount } from '../content/content-snapshot.ts';
import { warningsFor } from './account-warnings.ts';

/**
 * An account of the content snapshot as the API returns it, with `favorite` for one user and the
 * warnings as of `now` (ms).
 */
export function toAccountDto(
  account: SnapshotAccount,
  favoriteReportIds: ReadonlySet<number>,
  now: number,
): Account {
  return {
    ...toViewerAccountDto(account, favoriteReportIds),
    username: account.username,
    clientId: account.clientId,
    error: account.error,
    message: account.message,
    lastSyncAt: account.lastSyncAt,
    authType: account.authType,
    tenantId: account.tenantId,
    secretExpiresAt: account.secretExpiresAt,
    warnings: warningsFor(account, now),
  };
}

/** The fields a viewer's report browser uses: the integration login and client id stay out. */
export function toViewerAccountDto(
  account: SnapshotAccount,
  favoriteReportIds: ReadonlySet<number>,
): ViewerAccount {
  return {
    id: account.id,
    description: account.description,
    workspaces: account.workspaces.map((workspace) => ({
      id: workspace.id,
      name: workspace.name,
      reports: workspace.reports.map((report) => ({
        id: report.id,
        uId: report.uId,
        name: report.name,
        kind: report.kind,
        favorite: favoriteReportIds.has(report.dbId),
      })),
    })),
  };
}
