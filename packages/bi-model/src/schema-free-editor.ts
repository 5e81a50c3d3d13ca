/**
 * The contract's constants that the report frame's editor uses (its date hierarchy and format
 * pane), building no Zod schema (decision 0316), re-exported by the schema modules as before. Apart
 * from schema-free.ts, which the frame's entry holds, so that its bundler leaves them in the
 * editor's chunk.
 */
import type { visualTypes } from './schema-free.ts';

type VisualTypeName = (typeof visualTypes)[number];

/** A level of a date column's automatic hierarchy, from the top, in drill order (decision 0235). */
export const DATE_PARTS = ['year', 'quarter', 'month', 'day'] as const;

/** A visual's own number format: its display units and at most this many decimals. */
export const displayUnits = ['auto', 'none', 'thousands', 'millions', 'billions'] as const;
export const MAX_DECIMALS = 6;

/** Font sizes in pt, as Power BI's pane offers them. */
export const FONT_SIZE_RANGE = { min: 8, max: 40 } as const;
export const MAX_BORDER_RADIUS = 30;

/** The pane's sections; each visual type offers those that mean something for it. */
export type FormatSection =
  | 'slicerStyle'
  | 'numberFormat'
  | 'seriesColors'
  | 'pointColors'
  | 'fontSize'
  | 'dataLabels'
  | 'axes'
  | 'gridlines'
  | 'legend'
  | 'background'
  | 'border'
  | 'tooltips'
  | 'visualHeader';

const FRAME_ONLY: FormatSection[] = ['background', 'border'];
/** The frame of a visual that has a header (not a slicer, a text box or a button). */
const FRAME: FormatSection[] = [...FRAME_ONLY, 'visualHeader'];
const CARTESIAN: FormatSection[] = [
  'numberFormat',
  'seriesColors',
  'pointColors',
  'fontSize',
  'dataLabels',
  'axes',
  'gridlines',
  'legend',
  'tooltips',
  ...FRAME,
];
const PART_TO_WHOLE: FormatSection[] = [
  'numberFormat',
  'pointColors',
  'fontSize',
  'dataLabels',
  'legend',
  'tooltips',
  ...FRAME,
];
/** Charts with axes but no series the author tells apart (scatter, waterfall). */
const AXES_ONLY: FormatSection[] = [
  'numberFormat',
  'fontSize',
  'axes',
  'gridlines',
  'tooltips',
  ...FRAME,
];
const CARD: FormatSection[] = ['numberFormat', 'fontSize', ...FRAME];
const TABLE: FormatSection[] = ['numberFormat', 'fontSize', ...FRAME];

export const formatSectionsByType: Record<VisualTypeName, readonly FormatSection[]> = {
  card: CARD,
  multiRowCard: CARD,
  kpi: CARD,
  gauge: CARD,
  clusteredBarChart: CARTESIAN,
  clusteredColumnChart: CARTESIAN,
  stackedBarChart: CARTESIAN.filter((s) => s !== 'pointColors'),
  stackedColumnChart: CARTESIAN.filter((s) => s !== 'pointColors'),
  lineChart: CARTESIAN.filter((s) => s !== 'pointColors'),
  areaChart: CARTESIAN.filter((s) => s !== 'pointColors'),
  lineClusteredColumnComboChart: CARTESIAN.filter((s) => s !== 'pointColors'),
  pieChart: PART_TO_WHOLE,
  donutChart: PART_TO_WHOLE,
  treemap: PART_TO_WHOLE.filter((s) => s !== 'legend'),
  funnel: PART_TO_WHOLE.filter((s) => s !== 'legend'),
  scatterChart: AXES_ONLY,
  waterfallChart: [...AXES_ONLY, 'dataLabels'],
  tableEx: TABLE,
  pivotTable: TABLE,
  slicer: ['slicerStyle', 'fontSize', ...FRAME_ONLY],
  textbox: ['fontSize', ...FRAME_ONLY],
  actionButton: FRAME_ONLY,
};
