/** The sketch of a chart's option, for the types a sketch can draw; undefined for the rest. */
import type { OptionRecord } from '../option-parts.ts';
import { sketchCartesian } from './cartesian-sketch.ts';
import { sketchPie } from './pie-sketch.ts';
import type { ChartSketch } from './shapes.ts';

export function sketchChart(
  option: OptionRecord,
  width: number,
  height: number,
  fontFamily: string,
): ChartSketch | undefined {
  return (
    sketchCartesian(option, width, height, fontFamily) ??
    sketchPie(option, width, height, fontFamily)
  );
}
