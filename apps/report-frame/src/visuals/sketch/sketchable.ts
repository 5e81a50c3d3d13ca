/**
 * Whether a visual is likely drawn by a sketch first, told from its definition alone: the page
 * loader then does not wait for ECharts' chunk beside its rows. A sketch may still refuse once
 * it sees the rows and the room (a label to shorten, labels to move apart); the chart then waits
 * for ECharts, and the page's `rendered` with it (see chart-takeover.ts).
 */
import type { VisualDefinition } from '../../api/types.ts';
import { readVisualFormat } from '../../format/visual-format.ts';

/** Types whose sketch also draws several series, with their legend in one line above the plot. */
const SEVERAL_SERIES_TYPES = new Set([
  'clusteredColumnChart',
  'stackedColumnChart',
  'clusteredBarChart',
  'stackedBarChart',
  'lineChart',
  'areaChart',
]);
/** Those, and the pie and donut, whose sketch draws one measure only. */
const SKETCHED_TYPES = new Set([...SEVERAL_SERIES_TYPES, 'pieChart', 'donutChart']);
/** Format options that change what a sketch does not draw. */
const REFUSED_FORMAT = ['legend', 'dataLabels', 'categoryAxis', 'valueAxis', 'gridlines'] as const;

export function mayBeSketched(visual: VisualDefinition): boolean {
  if (!SKETCHED_TYPES.has(visual.type)) return false;
  const { fields } = visual;
  const measures = (fields.values?.length ?? 0) + (fields.y?.length ?? 0);
  const several = (fields.series?.length ?? 0) > 0 || measures > 1;
  if (measures === 0 || (several && !SEVERAL_SERIES_TYPES.has(visual.type))) return false;
  const format = readVisualFormat(visual.options);
  return REFUSED_FORMAT.every((key) => format[key] === undefined);
}
