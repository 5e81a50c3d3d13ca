/** The visual types a report definition may use, and the data roles their fields fill. */
import { z } from 'zod';

/** The one list of visual types; the frame draws each of them and the demo reports use each. */
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

export const visualTypeSchema = z.enum(visualTypes).meta({ id: 'VisualType' });
export type VisualType = z.infer<typeof visualTypeSchema>;

export const dataRoleSchema = z
  .enum(['category', 'series', 'values', 'columns', 'target', 'x', 'y', 'size', 'tooltips'])
  .meta({ id: 'DataRole' });
export type DataRole = z.infer<typeof dataRoleSchema>;
