import type { TileItem } from './content.ts';
import type { DashboardRow, DatasetRow, ReportRow } from './content.repository.ts';
import type { WorkspaceRow } from '../workspaces/workspaces.repository.ts';

/** Power BI REST shapes, built from storage rows; embed URLs point at this service's pages. */
export function createPresenters(publicUrl: string) {
  const url = (path: string, params: Record<string, string>) =>
    `${publicUrl}${path}?${new URLSearchParams(params)}`;
  return {
    group: (workspace: WorkspaceRow) => ({
      id: workspace.id,
      name: workspace.name,
      isReadOnly: false,
      isOnDedicatedCapacity: true,
      type: 'Workspace' as const,
    }),
    report: (report: ReportRow, datasetWorkspaceId: string) => ({
      id: report.id,
      reportType: report.reportType,
      name: report.name,
      embedUrl:
        report.reportType === 'PaginatedReport'
          ? url('/rdlEmbed', { reportId: report.id, groupId: report.workspaceId })
          : url('/reportEmbed', { reportId: report.id, groupId: report.workspaceId }),
      datasetId: report.datasetId,
      datasetWorkspaceId,
      isFromPbix: true,
      isOwnedByMe: true,
      users: [],
      subscriptions: [],
    }),
    dashboard: (dashboard: DashboardRow) => ({
      id: dashboard.id,
      displayName: dashboard.displayName,
      isReadOnly: dashboard.isReadOnly,
      embedUrl: url('/dashboardEmbed', {
        dashboardId: dashboard.id,
        groupId: dashboard.workspaceId,
      }),
      users: [],
      subscriptions: [],
    }),
    tile: (tile: TileItem, dashboard: DashboardRow) => ({
      id: tile.id,
      title: tile.title,
      embedUrl: url('/embed', {
        dashboardId: dashboard.id,
        tileId: tile.id,
        groupId: dashboard.workspaceId,
      }),
      embedData: '{}',
      rowSpan: tile.rowSpan,
      colSpan: tile.colSpan,
      reportId: tile.reportId,
      datasetId: tile.datasetId,
    }),
    dataset: (dataset: DatasetRow) => ({
      id: dataset.id,
      name: dataset.name,
      configuredBy: 'vitrina',
      // Declared datasets and PostgreSQL sources refresh; pushed and uploaded data does not.
      isRefreshable: dataset.sourceKind === undefined || dataset.sourceKind === 'postgres',
      isEffectiveIdentityRequired: dataset.roles.length > 0,
      isEffectiveIdentityRolesRequired: dataset.roles.length > 0,
      rlsRoles: [...dataset.roles],
      isOnPremGatewayRequired: false,
      addRowsAPIEnabled: dataset.sourceKind === 'push',
      targetStorageMode: 'Abf',
      createReportEmbedURL: url('/reportEmbed', {
        datasetId: dataset.id,
        groupId: dataset.workspaceId,
      }),
      qnaEmbedURL: url('/qnaEmbed', { datasetId: dataset.id, groupId: dataset.workspaceId }),
    }),
  };
}
