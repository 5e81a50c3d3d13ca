/**
 * The series of a cartesian chart as a sketch draws them: all bars or all lines on one value
 * axis, each with its palette colour, and for a stacked series the value each point stands on.
 */
import { isRecord } from '../../lib/is-record.ts';
import { part, type OptionRecord } from '../option-parts.ts';
import { colorOf, pointValue, stringOf } from './option-reading.ts';

export interface PlotSeries {
  index: number;
  kind: 'bar' | 'line';
  record: OptionRecord;
  data: unknown[];
  values: (number | null)[];
  color: string;
  name: string;
  /** The series' stack, or undefined for a series of its own. */
  stack: string | undefined;
  /** What each point stands on: 0, or the sum of the points below it in its stack. */
  bases: number[];
}

/**
 * The option's series over `count` categories, or undefined for what the sketch does not draw:
 * a mix of bars and lines, a second value axis, data labels, a negative value (the axis would
 * cross the plot at zero) or a gap in a stacked line (ECharts bends the band around it).
 */
export function plotSeries(option: OptionRecord, count: number): PlotSeries[] | undefined {
  const list = option['series'];
  if (!Array.isArray(list) || list.length === 0 || !list.every(isRecord)) return undefined;
  const kind = list[0]!['type'];
  if (kind !== 'bar' && kind !== 'line') return undefined;
  const stackTops = new Map<string, number[]>();
  const result: PlotSeries[] = [];
  for (const [index, record] of list.entries()) {
    if (record['type'] !== kind || part(record, 'label')['show'] === true) return undefined;
    if (record['yAxisIndex'] || record['xAxisIndex']) return undefined;
    if (kind === 'line' && record['symbol'] !== 'circle') return undefined;
    const data = Array.isArray(record['data']) ? (record['data'] as unknown[]) : [];
    if (data.length !== count) return undefined;
    const values = data.map(pointValue);
    if (values.some((v) => v !== null && v < 0)) return undefined;
    const stack = typeof record['stack'] === 'string' ? record['stack'] : undefined;
    if (stack && kind === 'line' && values.includes(null)) return undefined;
    const bases = (stack && stackTops.get(stack)) || values.map(() => 0);
    // A missing bar adds nothing to its stack, as ECharts stacks it.
    if (stack)
      stackTops.set(
        stack,
        bases.map((base, i) => base + (values[i] ?? 0)),
      );
    const color = colorOf(option, record, undefined, index);
    const name = stringOf(record, 'name', '');
    result.push({ index, kind, record, data, values, color, name, stack, bases });
  }
  return result;
}

/** The largest value the value axis must reach: a point's, or a stack's top. */
export function highestPoint(series: PlotSeries[]): number {
  return Math.max(
    0,
    ...series.flatMap((s) => s.values.map((v, i) => (v === null ? 0 : v + s.bases[i]!))),
  );
}
