/**
 * A visual's format options (the editor's "Formato" pane), stored in its `options`: the known keys
 * are typed here once, for the editor that writes them and the frame that draws them. Other keys
 * (a text box's `text`) stay accepted as they are.
 */
import { z } from 'zod';
import { legendPositions } from './schema-free.ts';
import { visualNumberFormatSchema } from './number-format.ts';
import type { VisualType } from './visual-types.ts';

export {
  legendPositions,
  slicerModeOf,
  slicerModes,
  slicerModesFor,
  type LegendPositionName,
  type SlicerMode,
} from './schema-free.ts';

/** Font sizes in pt, as Power BI's pane offers them. */
export const FONT_SIZE_RANGE = { min: 8, max: 40 } as const;
export const MAX_BORDER_RADIUS = 30;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #118DFF');

export const legendFormatSchema = z.object({
  show: z.boolean().optional(),
  position: z.enum(legendPositions).optional(),
});

const axisTitleShape = {
  /** Whether the axis is drawn at all (Power BI's axis "visible"); unset draws it. */
  show: z.boolean().optional(),
  /** Whether the axis names itself; unset draws no title, as the frame always did. */
  showTitle: z.boolean().optional(),
  /** The title's text; unset or empty uses the field's name. */
  title: z.string().max(100).optional(),
};
export const categoryAxisFormatSchema = z.object(axisTitleShape);
export const valueAxisFormatSchema = z
  .object({ ...axisTitleShape, min: z.number().optional(), max: z.number().optional() })
  .refine((axis) => axis.min === undefined || axis.max === undefined || axis.min < axis.max, {
    message: 'min must be below max',
    path: ['max'],
  })
  // Names the refinement for the report frame's quick check, which states it again (issue 31).
  .meta({ 'x-refinement': 'minBelowMax' });

export const backgroundFormatSchema = z.object({
  color: hexColor.optional(),
  /** 0 draws the colour solid, 100 not at all (Power BI's "Transparencia"). */
  transparency: z.number().min(0).max(100).optional(),
});

export const borderFormatSchema = z.object({
  show: z.boolean().optional(),
  color: hexColor.optional(),
  radius: z.number().min(0).max(MAX_BORDER_RADIUS).optional(),
});

export const visualFormatSchema = z
  .looseObject({
    /** Whether the visual's title is drawn (Power BI's title "visible"); unset draws it. */
    showTitle: z.boolean().optional(),
    /** Whether hovering a data point shows its tooltip (Power BI's tooltip "visible"); unset does. */
    showTooltips: z.boolean().optional().describe('false: no tooltip on hover'),
    /**
     * Whether the visual's header (its drill buttons and "more options" menu) is drawn (Power BI's
     * visualHeader "visible"); unset draws it. A host's `visualSettings.visualHeaders` win over it.
     */
    showHeader: z
      .boolean()
      .optional()
      .describe("false: no visual header (the host's visualHeaders settings win)"),
    dataLabels: z.boolean().optional(),
    legend: legendFormatSchema.optional(),
    numberFormat: visualNumberFormatSchema.optional(),
    /**
     * Power BI's data point "default colour": the bars or line of a chart with one series, unless
     * `seriesColors` gives that series its own.
     */
    defaultColor: hexColor.optional(),
    /** Series colour by series name (a measure's name, or a legend field's value as drawn). */
    seriesColors: z.record(z.string(), hexColor).optional(),
    /** Single-series charts: a colour by category label. */
    pointColors: z.record(z.string(), hexColor).optional(),
    fontSize: z.number().min(FONT_SIZE_RANGE.min).max(FONT_SIZE_RANGE.max).optional(),
    categoryAxis: categoryAxisFormatSchema.optional(),
    valueAxis: valueAxisFormatSchema.optional(),
    gridlines: z.boolean().optional(),
    background: backgroundFormatSchema.optional(),
    border: borderFormatSchema.optional(),
    /**
     * A slicer's style (`slicerModes`). Any text is kept, as before the pane wrote it, so a report
     * written by hand still opens; `slicerModeOf` draws one its field cannot take as the list.
     */
    mode: z.string().max(40).optional(),
  })
  .meta({ id: 'VisualFormat' });
export type VisualFormat = z.infer<typeof visualFormatSchema>;
/** The keys the format pane knows, and the value each one takes. */
export type FormatKey = keyof typeof visualFormatSchema.shape;
export type FormatValue<K extends FormatKey> = z.infer<(typeof visualFormatSchema.shape)[K]>;

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

export const formatSectionsByType: Record<VisualType, readonly FormatSection[]> = {
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

/**
 * The known keys of a visual's options that are well formed, each read on its own: a report
 * written by an older editor, or by hand, keeps every other key and loses only a malformed one.
 */
export function readVisualFormat(options: Record<string, unknown> | undefined): VisualFormat {
  const format: Record<string, unknown> = {};
  const shape = visualFormatSchema.shape;
  for (const [key, value] of Object.entries(options ?? {})) {
    if (!(key in shape)) continue;
    const parsed = shape[key as keyof typeof shape].safeParse(value);
    if (parsed.success && parsed.data !== undefined) format[key] = parsed.data;
  }
  return format as VisualFormat;
}
