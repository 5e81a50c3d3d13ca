/** Paths of the Power BI REST calls, under `/v1.0/myorg`, with every id encoded. */
const segment = encodeURIComponent;

export const groupPath = (workspaceId: string) => `/groups/${segment(workspaceId)}`;

export const reportPath = (workspaceId: string, reportId: string) =>
  `${groupPath(workspaceId)}/reports/${segment(reportId)}`;

export const dashboardPath = (workspaceId: string, dashboardId: string) =>
  `${groupPath(workspaceId)}/dashboards/${segment(dashboardId)}`;

export const datasetPath = (workspaceId: string, datasetId: string) =>
  `${groupPath(workspaceId)}/datasets/${segment(datasetId)}`;
