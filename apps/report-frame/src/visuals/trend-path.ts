/**
 * The KPI's trend as SVG paths: the line and the area under it, on the same scale ECharts gave it
 * (a value axis that need not start at zero, its ends rounded out to a nice step), so that the
 * sparkline looks as it did when ECharts drew it, without an ECharts instance on the page's
 * first paint.
 */
import { niceScale } from './sketch/nice-scale.ts';

/** The axis range of `values` (at least one number): rounded out to a nice step of about a fifth. */
export function trendExtent(values: number[]): [number, number] {
  const { min, max } = niceScale(Math.min(...values), Math.max(...values));
  return [min, max];
}

export interface TrendPaths {
  /** The line, broken where a value is missing. */
  line: string;
  /** The area between the line and zero, or the box's nearer edge when zero is off the axis. */
  area: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Paths for `values` across `width`, the first point at the left edge and the last at the right,
 * within `height` below a top margin of `top`. Undefined without two values to join.
 */
export function trendPaths(
  values: (number | null)[],
  width: number,
  height: number,
  top: number,
): TrendPaths | undefined {
  const numbers = values.filter((v): v is number => v !== null);
  if (values.length < 2 || numbers.length === 0) return undefined;
  const [min, max] = trendExtent(numbers);
  const x = (i: number) => round((i / (values.length - 1)) * width);
  const y = (v: number) => round(top + (1 - (v - min) / (max - min)) * (height - top));
  // ECharts' `areaStyle` with its default origin fills down (or up) to zero.
  const base = y(Math.min(Math.max(0, min), max));
  const pieces: { i: number; v: number }[][] = [];
  let piece: { i: number; v: number }[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (piece.length) pieces.push(piece);
      piece = [];
    } else piece.push({ i, v });
  });
  if (piece.length) pieces.push(piece);
  const line = pieces
    .map((p) => p.map(({ i, v }, n) => `${n ? 'L' : 'M'}${x(i)} ${y(v)}`).join(''))
    .join('');
  const area = pieces
    .map((p) => {
      const first = p[0]!;
      const last = p[p.length - 1]!;
      return `M${x(first.i)} ${base}${p.map(({ i, v }) => `L${x(i)} ${y(v)}`).join('')}L${x(last.i)} ${base}Z`;
    })
    .join('');
  return { line, area };
}
