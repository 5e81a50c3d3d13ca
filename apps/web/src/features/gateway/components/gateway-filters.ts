import type { Account, Report, Workspace } from '../../../lib/models.ts';

/** Filter values of spec §9: Área de trabajo Todas = 0; Contenido Todos, Paneles = 1, Informes = 2. */
export const ALL_WORKSPACES = 0;
export const Content = { All: 0, Dashboards: 1, Reports: 2 } as const;
export type Content = (typeof Content)[keyof typeof Content];

export interface GatewayFilters {
  accountId: number | null;
  workspaceId: string | typeof ALL_WORKSPACES;
  content: Content;
  search: string;
}

const isDashboard = (report: Report) => report.kind === 'dashboard';

/** Lower case without accents, so "informacion" finds "Información". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

function matchesContent(report: Report, content: Content): boolean {
  if (content === Content.Dashboards) return isDashboard(report);
  if (content === Content.Reports) return !isDashboard(report);
  return true;
}

function matchesFilters(report: Report, content: Content, search: string): boolean {
  const needle = foldText(search);
  return matchesContent(report, content) && (!needle || foldText(report.name).includes(needle));
}

/**
 * The workspaces of the chosen account with their `show` flag set (spec §4: a chosen workspace
 * shows only itself, 0 shows all) and their reports narrowed by content and search. While the user
 * narrows by content or search, workspaces left with nothing are hidden too.
 */
export function filterWorkspaces(
  account: Account | undefined,
  filters: GatewayFilters,
): Workspace[] {
  if (!account) return [];
  const narrowing = filters.content !== Content.All || foldText(filters.search) !== '';
  return account.workspaces.map((workspace) => {
    const reports = workspace.reports.filter((r) =>
      matchesFilters(r, filters.content, filters.search),
    );
    const chosen = filters.workspaceId === ALL_WORKSPACES || filters.workspaceId === workspace.id;
    return { ...workspace, reports, show: chosen && (!narrowing || reports.length > 0) };
  });
}

export interface FavoriteEntry {
  report: Report;
  workspaceName: string;
  accountDescription: string;
}

/** Favorites across every account, for the Favoritos section at the top of the gateway. */
export function collectFavorites(
  accounts: Account[],
  content: Content,
  search: string,
): FavoriteEntry[] {
  return accounts.flatMap((account) =>
    account.workspaces.flatMap((workspace) =>
      workspace.reports
        .filter((report) => report.favorite && matchesFilters(report, content, search))
        .map((report) => ({
          report,
          workspaceName: workspace.name,
          accountDescription: account.description,
        })),
    ),
  );
}
