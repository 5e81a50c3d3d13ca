/**
 * The sketch of a column, bar, line or area chart: split lines, both axes' labels, the bars or
 * the lines with their points and areas, and for several series the legend above the plot.
 * Anything else in the option (bars mixed with lines, axis titles, data labels, a shortened
 * label or one turned otherwise than 45° under columns, a set range, a legend that would not
 * fit on one line) is left to ECharts: the sketch answers undefined.
 */
import { part, type OptionRecord } from '../option-parts.ts';
import { barShapes } from './bar-shapes.ts';
import { plotAxes } from './cartesian-axes.ts';
import { plotOf, withStatedGeometry } from './cartesian-frame.ts';
import { highestPoint, plotSeries } from './cartesian-series.ts';
import { horizontalLegend } from './legend-sketch.ts';
import { lineShapes } from './line-shapes.ts';
import { niceScale } from './nice-scale.ts';
import type { ChartSketch } from './shapes.ts';

export function sketchCartesian(
  option: OptionRecord,
  width: number,
  height: number,
  fontFamily: string,
): ChartSketch | undefined {
  const room = { width, height, fontFamily };
  const axes = plotAxes(option, fontFamily);
  const grid = part(option, 'grid');
  if (!axes || axes.labels.length === 0 || grid['containLabel'] !== true) return undefined;
  const series = plotSeries(option, axes.labels.length);
  // Bars down the side of a bar chart; lines only along the bottom of a column chart.
  if (!series || (axes.horizontal && series[0]!.kind !== 'bar')) return undefined;
  const legendOption = part(option, 'legend');
  const showsLegend = legendOption['show'] === true;
  const legend = showsLegend
    ? horizontalLegend(
        legendOption,
        series.map((s) => s.name),
        series.map((s) => s.color),
        room,
      )
    : undefined;
  if (showsLegend && !legend) return undefined;
  const values = niceScale(0, highestPoint(series));
  const plot = plotOf(axes, grid, room, values);
  if (!plot) return undefined;
  const drawn =
    series[0]!.kind === 'bar' ? barShapes(series, plot.scale) : lineShapes(series, plot.scale);
  if (!drawn) return undefined;
  const stated = withStatedGeometry(option, plot, room, values);
  return {
    shapes: [...plot.shapes, ...drawn, ...(legend?.shapes ?? [])],
    option: legend ? { ...stated, legend: legend.legend } : stated,
  };
}
