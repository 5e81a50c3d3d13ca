/**
 * The two axes of a column, line or bar chart as a sketch reads them: the category axis along
 * the bottom (columns, lines) or down the left listing from the top (bars: ECharts' inverse
 * axis), the value axis across, and the font, line height and colour of each one's labels.
 */
import { isRecord } from '../../lib/is-record.ts';
import { part, type OptionRecord } from '../option-parts.ts';
import { formatterOf, numberOf, stringOf, type LabelFormatter } from './option-reading.ts';
import { cssFont, lineHeight } from './text-metrics.ts';

export interface AxisText {
  font: string;
  fontSize: number;
  line: number;
  color: string;
}

export interface PlotAxes {
  /** Bars: categories down the left, values along the bottom. */
  horizontal: boolean;
  /** Category labels turned 45° up to the right, each ending under its band's centre. */
  slanted: boolean;
  category: OptionRecord;
  value: OptionRecord;
  labels: string[];
  categoryText: AxisText;
  valueText: AxisText;
  writeValue: LabelFormatter;
}

function axisText(axis: OptionRecord, fontFamily: string): AxisText | undefined {
  const label = part(axis, 'axisLabel');
  const fontSize = numberOf(label, 'fontSize', 12);
  const font = cssFont(fontSize, fontFamily);
  const line = lineHeight(font);
  if (line === undefined) return undefined;
  return { font, fontSize, line, color: stringOf(label, 'color', '#6E7079') };
}

/**
 * The axes, or undefined for what the sketch does not draw: a hidden axis, an axis title, a set
 * range, hidden split lines, labels turned otherwise than 45° under columns, or categories
 * listed the other way.
 */
export function plotAxes(option: OptionRecord, fontFamily: string): PlotAxes | undefined {
  const { xAxis, yAxis } = option;
  if (!isRecord(xAxis) || !isRecord(yAxis)) return undefined;
  const horizontal = yAxis['type'] === 'category';
  const [category, value] = horizontal ? [yAxis, xAxis] : [xAxis, yAxis];
  if (category['type'] !== 'category' || value['type'] !== 'value') return undefined;
  if (Boolean(category['inverse']) !== horizontal || value['inverse']) return undefined;
  const labels = category['data'];
  if (!Array.isArray(labels) || !labels.every((l) => typeof l === 'string')) return undefined;
  for (const axis of [category, value]) {
    if (axis['show'] === false || axis['name'] !== undefined) return undefined;
    if (axis['min'] !== undefined || axis['max'] !== undefined) return undefined;
    if (part(axis, 'splitLine')['show'] === false) return undefined;
  }
  // Column labels may be turned 45° (category-labels.ts); a bar chart's stand level.
  const rotate = numberOf(part(category, 'axisLabel'), 'rotate', 0);
  if (rotate !== 0 && (rotate !== 45 || horizontal)) return undefined;
  const categoryText = axisText(category, fontFamily);
  const valueText = axisText(value, fontFamily);
  const writeValue = formatterOf(part(value, 'axisLabel'));
  if (!categoryText || !valueText || !writeValue) return undefined;
  return {
    horizontal,
    slanted: rotate === 45,
    category,
    value,
    labels: labels as string[],
    categoryText,
    valueText,
    writeValue,
  };
}
