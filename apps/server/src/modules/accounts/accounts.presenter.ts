import type { Account, Workspace } from '@vitrina/contracts';
import type { ContentRow } from './accounts.repository.ts';

/**
 * Folds flat content rows (ordered by account, workspace, report) into the accounts > workspaces
 * > reports tree of the API, marking the reports in `favoriteReportIds`.
 */
export function toAccountTree(
  rows: ContentRow[],
  favoriteReportIds: ReadonlySet<number>,
): Account[] {
  const accounts = new Map<number, Account>();
  const workspaces = new Map<number, Workspace>();
  for (const row of rows) {
    let account = accounts.get(row.account_id);
    if (!account) {
      account = {
        id: row.account_id,
        username: row.account_username,
        clientId: row.client_id,
        description: row.description,
        error: row.error === 1,
        message: row.message,
        lastSyncAt: row.last_sync_at,
        workspaces: [],
      };
      accounts.set(row.account_id, account);
    }
    if (row.workspace_id === null || row.workspace_bi_id === null || row.workspace_name === null)
      continue;
    let workspace = workspaces.get(row.workspace_id);
    if (!workspace) {
      workspace = { id: row.workspace_bi_id, name: row.workspace_name, reports: [] };
      workspaces.set(row.workspace_id, workspace);
      account.workspaces.push(workspace);
    }
    if (row.report_id === null || row.report_bi_id === null || row.report_uid === null) continue;
    workspace.reports.push({
      id: row.report_bi_id,
      uId: row.report_uid,
      name: row.report_name ?? '',
      kind: row.report_kind ?? 'report',
      favorite: favoriteReportIds.has(row.report_id),
    });
  }
  return [...accounts.values()];
}
