/**
 * The format pane's axis options over a chart's ECharts option: whether an axis is drawn, axis
 * titles (shown only when the author asks; the field's name unless they typed one), the value
 * axis's range, and gridlines.
 */
import type { VisualFormat } from '@vitrina/bi-model';
import { mapAxes, part, type OptionRecord } from './option-parts.ts';

/** The names an axis title falls back to: the category field's and the first measure's. */
export interface AxisNames {
  category: string;
  value: string;
}

type AxisFormat = NonNullable<VisualFormat['categoryAxis']>;

function titled(axis: OptionRecord, format: AxisFormat | undefined, fallback: string, y: boolean) {
  if (format?.show === false) return { ...axis, show: false };
  if (format?.showTitle === undefined) return axis;
  if (!format.showTitle) return { ...axis, name: undefined };
  return {
    ...axis,
    name: format.title?.trim() || fallback,
    nameLocation: 'middle',
    // A first guess past level tick labels; ECharts moves the title further out when the labels
    // are taller (rotated) or wider (`nameMoveOverlap`, on by default in ECharts 6).
    nameGap: y ? 48 : 28,
  };
}

/** A grid that keeps the axis titles inside the visual, as it keeps the tick labels. */
function containingTitles(option: OptionRecord): OptionRecord {
  const grid = part(option, 'grid');
  const { containLabel: _legacy, ...rest } = grid;
  return { ...option, grid: { ...rest, outerBoundsMode: 'same', outerBoundsContain: 'all' } };
}

export function withAxisFormat(
  option: OptionRecord,
  format: VisualFormat,
  names: AxisNames,
): OptionRecord {
  const { categoryAxis, valueAxis, gridlines } = format;
  if (!categoryAxis && !valueAxis && gridlines === undefined) return option;
  let valueAxisCount = 0;
  const titledOption =
    categoryAxis?.showTitle || valueAxis?.showTitle ? containingTitles(option) : option;
  return mapAxes(titledOption, (axis, key) => {
    const y = key === 'yAxis';
    if (axis['type'] === 'category') return titled(axis, categoryAxis, names.category, y);
    // Only the first value axis (a combo chart's second is the lines') takes the pane's range.
    const first = valueAxisCount++ === 0;
    let next = first ? titled(axis, valueAxis, names.value, y) : axis;
    if (first && valueAxis?.min !== undefined) next = { ...next, min: valueAxis.min };
    if (first && valueAxis?.max !== undefined) next = { ...next, max: valueAxis.max };
    if (gridlines !== undefined)
      next = { ...next, splitLine: { ...part(axis, 'splitLine'), show: gridlines } };
    return next;
  });
}
