/**
 * A chart's first paint as plain SVG shapes (decision 0328): the same paths and texts ECharts'
 * SVG renderer would write for the option, computed without building ECharts' model.
 */
import type { OptionRecord } from '../option-parts.ts';

/** The data point a shape stands for: a click on it selects as a click on ECharts' would. */
export interface SketchPoint {
  seriesIndex: number;
  dataIndex: number;
}

export interface SketchPath {
  kind: 'path';
  d: string;
  fill: string;
  fillOpacity?: number;
  stroke?: string;
  strokeWidth?: number;
  lineJoin?: 'bevel' | 'round';
  lineCap?: 'round';
  opacity?: number;
  point?: SketchPoint;
}

export interface SketchCircle {
  kind: 'circle';
  cx: number;
  cy: number;
  r: number;
  fill: string;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
  point?: SketchPoint;
}

/** Text centred on its line (`dominant-baseline: central`), as zrender writes every label. */
export interface SketchText {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  anchor: 'start' | 'middle' | 'end';
  color: string;
  fontSize: number;
  /** A category label turned 45° up to the right, ending at (x, y). */
  slanted?: boolean;
}

export type SketchShape = SketchPath | SketchCircle | SketchText;

/** The box a chart is drawn in, and the font its texts are measured and written in. */
export interface ChartRoom {
  width: number;
  height: number;
  fontFamily: string;
}

export interface ChartSketch {
  shapes: SketchShape[];
  /**
   * The option ECharts is given when it takes over: the same picture, with the geometry the
   * sketch computed stated explicitly (grid in pixels, axis range and step), so that the two
   * cannot drift apart where ECharts would otherwise measure for itself.
   */
  option: OptionRecord;
}

/** Four decimals, as ECharts' SVG writes coordinates. */
export const px = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * zrender's crisp 1 px line: a horizontal line's y moved to the nearest half pixel, so that it
 * covers one row of pixels instead of two half-lit ones.
 */
export function crisp(y: number): number {
  const doubled = Math.round(y * 2);
  return (doubled + 1) % 2 === 0 ? doubled / 2 : (doubled + 1) / 2;
}
