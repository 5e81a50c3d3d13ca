import type { Account } from '../../../lib/models.ts';

/** Returns a copy of the accounts with one report's favorite flag changed (for the cache). */
export function withFavorite(accounts: Account[], reportId: string, favorite: boolean): Account[] {
  return accounts.map((account) => ({
    ...account,
    workspaces: account.workspaces.map((workspace) => ({
      ...workspace,
      reports: workspace.reports.map((report) =>
        report.id === reportId ? { ...report, favorite } : report,
      ),
    })),
  }));
}
