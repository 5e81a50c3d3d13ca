import type { Account } from '@vitrina/contracts';
import type { SnapshotAccount } from './content-snapshot.ts';

/** An account of the content snapshot as the API returns it, with `favorite` for one user. */
export function toAccountDto(
  account: SnapshotAccount,
  favoriteReportIds: ReadonlySet<number>,
): Account {
  return {
    id: account.id,
    username: account.username,
    clientId: account.clientId,
    description: account.description,
    error: account.error,
    message: account.message,
    lastSyncAt: account.lastSyncAt,
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
