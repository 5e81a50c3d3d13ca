/**
 * A visual's format options (the editor's "Formato" pane), stored in its `options`: the known keys
 * are typed here once, for the editor that writes them and the frame that draws them. Other keys
 * (a text box's `text`) stay accepted as they are.
 */
import { z } from 'zod';
import { FONT_SIZE_RANGE, MAX_BORDER_RADIUS } from './schema-free-editor.ts';
import { legendPositions } from './schema-free.ts';
import { visualNumberFormatSchema } from './number-format.ts';

export {
  legendPositions,
  slicerModeOf,
  slicerModes,
  slicerModesFor,
  type LegendPositionName,
  type SlicerMode,
} from './schema-free.ts';
export {
  FONT_SIZE_RANGE,
  formatSectionsByType,
  MAX_BORDER_RADIUS,
  type FormatSection,
} from './schema-free-editor.ts';

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
