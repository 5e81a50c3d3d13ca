/** Report shapes from docs/bi-embed-api.md, as the demo authors them. */
import type { Filter, FieldRef, Query } from '../query/query-schema.ts';

/** Every visual type of docs/bi-embed-api.md; the demo reports use each of them. */
export const visualTypes = [
  'card',
  'multiRowCard',
  'kpi',
  'gauge',
  'clusteredBarChart',
  'clusteredColumnChart',
  'stackedBarChart',
  'stackedColumnChart',
  'lineChart',
  'areaChart',
  'lineClusteredColumnComboChart',
  'pieChart',
  'donutChart',
  'treemap',
  'funnel',
  'scatterChart',
  'waterfallChart',
  'tableEx',
  'pivotTable',
  'slicer',
  'textbox',
  'actionButton',
] as const;

export type VisualType = (typeof visualTypes)[number];

export type DataRole =
  'category' | 'series' | 'values' | 'columns' | 'target' | 'x' | 'y' | 'size' | 'tooltips';

export interface VisualDefinition {
  name: string;
  title?: string;
  type: VisualType;
  layout: { x: number; y: number; z: number; width: number; height: number };
  fields: Partial<Record<DataRole, FieldRef[]>>;
  filters?: Filter[];
  options?: Record<string, unknown>;
}

export interface PageDefinition {
  name: string;
  displayName: string;
  width: number;
  height: number;
  visibility?: 0 | 1;
  filters?: Filter[];
  visuals: VisualDefinition[];
  mobileLayout?: { name: string; x: number; y: number; width: number; height: number }[];
}

export interface ReportDefinition {
  pages: PageDefinition[];
  filters?: Filter[];
  bookmarks?: { name: string; displayName: string; state: string }[];
  theme?: {
    name: string;
    dataColors: string[];
    background?: string;
    foreground?: string;
    tableAccent?: string;
  };
}

export interface PaginatedDefinition {
  title: string;
  query: Query;
  columns: { field: FieldRef; header: string; format?: string; width?: number }[];
  rowsPerPage: number;
}
