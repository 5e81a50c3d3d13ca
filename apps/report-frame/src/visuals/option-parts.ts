/** Reading and rewriting the parts of an ECharts option that the format options change. */
import { isRecord } from '../lib/is-record.ts';

export type OptionRecord = Record<string, unknown>;

/** The option with each x then y axis (one or a list) passed through `edit`. */
export function mapAxes(
  option: OptionRecord,
  edit: (axis: OptionRecord, key: 'xAxis' | 'yAxis') => OptionRecord,
) {
  const next = { ...option };
  for (const key of ['xAxis', 'yAxis'] as const) {
    const axes = next[key];
    if (Array.isArray(axes))
      next[key] = axes.map((axis) => (isRecord(axis) ? edit(axis, key) : axis));
    else if (isRecord(axes)) next[key] = edit(axes, key);
  }
  return next;
}

/** The option with each series passed through `edit`, with its index. */
export function mapSeries(
  option: OptionRecord,
  edit: (series: OptionRecord, index: number) => OptionRecord,
) {
  const series = option['series'];
  if (!Array.isArray(series)) return option;
  return {
    ...option,
    series: series.map((s: unknown, i) => (isRecord(s) ? edit(s, i) : s)),
  };
}

/** A nested object of the option, or an empty one, to spread a change over. */
export const part = (record: OptionRecord, key: string): OptionRecord => {
  const value = record[key];
  return isRecord(value) ? value : {};
};

/** The labels along the category axis, where the chart has one. */
export function categoryLabels(option: OptionRecord): unknown[] {
  let labels: unknown[] = [];
  mapAxes(option, (axis) => {
    if (axis['type'] === 'category' && Array.isArray(axis['data'])) labels = axis['data'];
    return axis;
  });
  return labels;
}
