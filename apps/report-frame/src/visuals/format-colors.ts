/**
 * The format pane's colours over a chart's ECharts option: a colour per series (by its name), a
 * default colour for a chart's one series, and on a single-series chart a colour per data point
 * (by its category label or slice name).
 */
import type { VisualFormat } from '@vitrina/bi-model';
import { isRecord } from '../lib/is-record.ts';
import { categoryLabels, mapSeries, part, type OptionRecord } from './option-parts.ts';

function seriesColored(series: OptionRecord, color: string): OptionRecord {
  const colored = { ...series, itemStyle: { ...part(series, 'itemStyle'), color } };
  return series['type'] === 'line'
    ? { ...colored, lineStyle: { ...part(series, 'lineStyle'), color } }
    : colored;
}

function pointsColored(
  series: OptionRecord,
  colors: Record<string, string>,
  labels: unknown[],
): OptionRecord {
  if (!Array.isArray(series['data'])) return series;
  const data = series['data'].map((point: unknown, i) => {
    const name = isRecord(point) && typeof point['name'] === 'string' ? point['name'] : labels[i];
    const color = typeof name === 'string' ? colors[name] : undefined;
    if (!color) return point;
    const item = isRecord(point) ? point : { value: point };
    return { ...item, itemStyle: { ...part(item, 'itemStyle'), color } };
  });
  return { ...series, data };
}

/** Series drawn in one colour of their own: a default colour applies to these only. */
const SERIES_SHAPES = new Set(['bar', 'line']);

export function withColors(option: OptionRecord, format: VisualFormat): OptionRecord {
  const { seriesColors, pointColors, defaultColor } = format;
  if (!seriesColors && !pointColors && !defaultColor) return option;
  const seriesCount = Array.isArray(option['series']) ? option['series'].length : 0;
  const labels = categoryLabels(option);
  return mapSeries(option, (series) => {
    const name = series['name'];
    const own = typeof name === 'string' ? seriesColors?.[name] : undefined;
    const single = seriesCount === 1 && SERIES_SHAPES.has(String(series['type']));
    const color = own ?? (single ? defaultColor : undefined);
    const next = color ? seriesColored(series, color) : series;
    return pointColors && seriesCount === 1 ? pointsColored(next, pointColors, labels) : next;
  });
}
