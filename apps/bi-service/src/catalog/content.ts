/**
 * The content a workspace holds, as the seeding code and the demo module exchange it.
 * Report definitions are stored as given (their shape is docs/bi-embed-api.md's
 * ReportDefinition or PaginatedDefinition); this side only needs ids, names and links.
 */
export interface DatasetItem {
  id: string;
  name: string;
  /** Row-level-security role names; a dataset with roles requires an effective identity. */
  roles: string[];
}

export type ReportType = 'PowerBIReport' | 'PaginatedReport';

export interface ReportItem {
  id: string;
  name: string;
  datasetId: string;
  reportType: ReportType;
  definition: unknown;
}

export interface TileItem {
  id: string;
  title: string;
  reportId: string;
  datasetId: string;
  pageName: string;
  visualName: string;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

export interface DashboardItem {
  id: string;
  displayName: string;
  isReadOnly?: boolean;
  tiles: TileItem[];
}

export interface WorkspaceContent {
  /** Workspace name; its id is derived from the name (see workspaceIdFor). */
  name: string;
  datasets: DatasetItem[];
  reports: ReportItem[];
  dashboards: DashboardItem[];
}
