/** Reading the few settings a sketch follows out of an ECharts option, refusing what it does not know. */
import { isRecord } from '../../lib/is-record.ts';
import { part, type OptionRecord } from '../option-parts.ts';

export type LabelFormatter = (value: unknown, index: number) => string;

/** The option's one series, when it has exactly one and it is a record. */
export function onlySeries(option: OptionRecord): OptionRecord | undefined {
  const series = option['series'];
  return Array.isArray(series) && series.length === 1 && isRecord(series[0])
    ? series[0]
    : undefined;
}

/** A data item's value: a bare number or `{ value }`; null for a gap. */
export function pointValue(item: unknown): number | null {
  const value = isRecord(item) ? item['value'] : item;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A data item's own opacity (a dimmed point beside a selection), or 1. */
export function pointOpacity(item: unknown): number {
  const opacity = isRecord(item) ? part(item, 'itemStyle')['opacity'] : undefined;
  return typeof opacity === 'number' ? opacity : 1;
}

/** A data item's own colour, else the series', else the palette's colour `index`. */
export function colorOf(
  option: OptionRecord,
  series: OptionRecord,
  item?: unknown,
  index = 0,
): string {
  const own = isRecord(item) ? part(item, 'itemStyle')['color'] : undefined;
  if (typeof own === 'string') return own;
  const seriesColor = part(series, 'itemStyle')['color'];
  if (typeof seriesColor === 'string') return seriesColor;
  const palette = option['color'];
  const color: unknown = Array.isArray(palette) ? palette[index % palette.length] : undefined;
  return typeof color === 'string' ? color : '#5470c6';
}

export function stringOf(record: OptionRecord, key: string, fallback: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : fallback;
}

export function numberOf(record: OptionRecord, key: string, fallback: number): number {
  const value = record[key];
  return typeof value === 'number' ? value : fallback;
}

export function formatterOf(record: OptionRecord): LabelFormatter | undefined {
  const formatter = record['formatter'];
  return typeof formatter === 'function' ? (formatter as LabelFormatter) : undefined;
}

/** A percentage of an ECharts size ("72%") as a share, or undefined for anything else. */
export function shareOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !value.endsWith('%')) return undefined;
  const share = Number(value.slice(0, -1)) / 100;
  return Number.isFinite(share) ? share : undefined;
}
