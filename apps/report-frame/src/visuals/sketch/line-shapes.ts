/**
 * Lines, their areas and their points, in the order ECharts' SVG writes them: every series'
 * area, then every series' line, then every series' points, so that a line is never covered by
 * the next series' area. A stacked area fills the band between its line and the one below it.
 */
import { isRecord } from '../../lib/is-record.ts';
import { part } from '../option-parts.ts';
import type { PlotSeries } from './cartesian-series.ts';
import type { PlotScale } from './cartesian-frame.ts';
import { numberOf } from './option-reading.ts';
import { px, type SketchShape } from './shapes.ts';

interface LinePoint {
  x: number;
  y: number;
  base: number;
  i: number;
}

/** A series' points in runs broken at its gaps. */
function runsOf(s: PlotSeries, scale: PlotScale): LinePoint[][] {
  const runs: LinePoint[][] = [];
  let run: LinePoint[] = [];
  s.values.forEach((value, i) => {
    if (value === null) {
      if (run.length) runs.push(run);
      run = [];
      return;
    }
    const base = s.bases[i]!;
    run.push({
      x: px(scale.center(i)),
      y: px(scale.at(base + value)),
      base: px(scale.at(base)),
      i,
    });
  });
  if (run.length) runs.push(run);
  return runs;
}

const through = (points: { x: number; y: number }[]) =>
  points.map((p, n) => `${n ? 'L' : 'M'}${p.x} ${p.y}`).join('');

export function lineShapes(series: PlotSeries[], scale: PlotScale): SketchShape[] {
  const runs = series.map((s) => runsOf(s, scale));
  const areas = series.flatMap((s, n): SketchShape[] => {
    if (!isRecord(s.record['areaStyle'])) return [];
    const fillOpacity = numberOf(part(s.record, 'areaStyle'), 'opacity', 0.7);
    return runs[n]!.map((points) => {
      const floor = points.map((p) => ({ x: p.x, y: p.base })).reverse();
      const d = `${through(points)}${floor.map((p) => `L${p.x} ${p.y}`).join('')}Z`;
      return { kind: 'path', d, fill: s.color, fillOpacity };
    });
  });
  const lines = series.flatMap((s, n) =>
    runs[n]!.map((points): SketchShape => ({
      kind: 'path',
      d: through(points),
      fill: 'none',
      stroke: s.color,
      strokeWidth: 2,
      lineJoin: 'bevel',
    })),
  );
  const symbols = series.flatMap((s, n): SketchShape[] => {
    if (s.record['showSymbol'] === false) return [];
    const r = numberOf(s.record, 'symbolSize', 4) / 2;
    return runs[n]!.flat().map((p) => ({
      kind: 'circle',
      cx: p.x,
      cy: p.y,
      r,
      fill: s.color,
      point: { seriesIndex: s.index, dataIndex: p.i },
    }));
  });
  return [...areas, ...lines, ...symbols];
}
