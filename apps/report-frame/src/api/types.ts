/** Shapes of the BI service's embed API (docs/bi-embed-api.md). Filters use the protocol models. */
import type { FrameFilter } from '../query/filter-types.ts';

export type Aggregation = 'Sum' | 'Avg' | 'Min' | 'Max' | 'Count' | 'DistinctCount';

export type FieldRef =
  | {
      table: string;
      column: string;
      aggregation?: Aggregation;
      displayName?: string;
      format?: string;
    }
  | { table: string; measure: string; displayName?: string; format?: string }
  | {
      table: string;
      hierarchy: string;
      hierarchyLevel: string;
      displayName?: string;
      format?: string;
    };

export type DataType = 'string' | 'integer' | 'number' | 'date' | 'boolean';

export interface DatasetSchema {
  id: string;
  name: string;
  tables: {
    name: string;
    columns: { name: string; dataType: DataType; format?: string }[];
    measures: { name: string; format?: string }[];
    hierarchies: { name: string; levels: { name: string; column: string }[] }[];
  }[];
}

export type DataRole =
  'category' | 'series' | 'values' | 'columns' | 'target' | 'x' | 'y' | 'size' | 'tooltips';

export type VisualType =
  | 'card'
  | 'multiRowCard'
  | 'kpi'
  | 'gauge'
  | 'clusteredBarChart'
  | 'clusteredColumnChart'
  | 'stackedBarChart'
  | 'stackedColumnChart'
  | 'lineChart'
  | 'areaChart'
  | 'lineClusteredColumnComboChart'
  | 'pieChart'
  | 'donutChart'
  | 'treemap'
  | 'funnel'
  | 'scatterChart'
  | 'waterfallChart'
  | 'tableEx'
  | 'pivotTable'
  | 'slicer'
  | 'textbox'
  | 'actionButton';

export interface VisualLayout {
  x: number;
  y: number;
  z: number;
  width: number;
  height: number;
}

export interface VisualDefinition {
  name: string;
  title?: string;
  type: VisualType;
  layout: VisualLayout;
  fields: Partial<Record<DataRole, FieldRef[]>>;
  filters?: FrameFilter[];
  options?: Record<string, unknown>;
}

export interface PageDefinition {
  name: string;
  displayName: string;
  width: number;
  height: number;
  visibility?: 0 | 1;
  filters?: FrameFilter[];
  visuals: VisualDefinition[];
  mobileLayout?: { name: string; x: number; y: number; width: number; height: number }[];
}

export interface ReportTheme {
  name: string;
  dataColors: string[];
  background?: string;
  foreground?: string;
  tableAccent?: string;
}

export interface ReportBookmark {
  name: string;
  displayName: string;
  state: string;
}

export interface ReportDefinition {
  pages: PageDefinition[];
  filters?: FrameFilter[];
  bookmarks?: ReportBookmark[];
  theme?: ReportTheme;
}

export interface Query {
  groupBy: FieldRef[];
  measures: FieldRef[];
  filters?: FrameFilter[];
  orderBy?: { field: FieldRef; direction: 1 | 2 }[];
  limit?: number;
}

export interface PaginatedDefinition {
  title: string;
  query: Query;
  columns: { field: FieldRef; header: string; format?: string; width?: number }[];
  rowsPerPage: number;
}

export interface EmbedReport {
  id: string;
  name: string;
  datasetId: string;
  reportType: 'PowerBIReport' | 'PaginatedReport';
  revision: number;
  definition: ReportDefinition | PaginatedDefinition;
  dataset: DatasetSchema;
}

export interface DashboardTile {
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

export interface EmbedDashboard {
  id: string;
  displayName: string;
  tiles: DashboardTile[];
}

export type Cell = string | number | boolean | null;

export interface QueryResult {
  columns: { name: string; type: DataType; format?: string }[];
  rows: Cell[][];
  truncated: boolean;
}

export interface QnaAnswer {
  query: Query;
  visualType: VisualType;
  title: string;
}

export interface ExportRequest {
  query: Query;
  exportDataType: 0 | 1;
  rows?: number;
}

export function isPaginated(
  definition: EmbedReport['definition'],
): definition is PaginatedDefinition {
  return 'rowsPerPage' in definition;
}
