/**
 * The sketch of a pie or donut with its legend beside it: the slices, each slice's percentage
 * outside it on a short bent line, and the legend's marks and names. Labels that ECharts would
 * move apart or shorten, a legend below the pie, and anything else the sketch does not know are
 * left to ECharts: the sketch answers undefined.
 */
import { part, type OptionRecord } from '../option-parts.ts';
import {
  formatterOf,
  colorOf,
  numberOf,
  onlySeries,
  pointOpacity,
  pointValue,
  shareOf,
  stringOf,
} from './option-reading.ts';
import { percentShares } from './percent-shares.ts';
import { px, type ChartSketch, type SketchShape } from './shapes.ts';
import { cssFont, lineHeight, textWidth } from './text-metrics.ts';
import { verticalLegend } from './legend-sketch.ts';

/** ECharts' gap between a label line's end and its text. */
const LINE_TO_TEXT = 5;

interface LabelBox {
  left: number;
  right: number;
  y: number;
  side: number;
}

/**
 * Whether ECharts would move or shorten a label (labelLayout.js): it shortens one that comes
 * nearer the chart's side than its bleed margin, and on a side where two labels' boxes (a line
 * and a pixel above and below) touch or one leaves the chart, it moves them apart and redraws
 * every line of that side.
 */
function crowded(boxes: LabelBox[], line: number, width: number, height: number): boolean {
  const bleed = Math.min(width, height) > 200 ? 10 : 2;
  const half = line / 2 + 1;
  if (boxes.some((box) => box.left < bleed || box.right > width - bleed)) return true;
  for (const side of [-1, 1]) {
    const ys = boxes
      .filter((box) => box.side === side)
      .map((box) => box.y)
      .sort((a, b) => a - b);
    if (ys.length < 2) continue;
    if (ys[0]! - half < 0 || ys[ys.length - 1]! + half > height) return true;
    if (ys.some((y, i) => i > 0 && y - ys[i - 1]! < 2 * half)) return true;
  }
  return false;
}

interface Disc {
  cx: number;
  cy: number;
  inner: number;
  outer: number;
}

function discOf(series: OptionRecord, width: number, height: number): Disc | undefined {
  const center = series['center'];
  const radius = series['radius'];
  if (!Array.isArray(center) || !Array.isArray(radius)) return undefined;
  const [cx, cy] = center.map(shareOf);
  const [inner, outer] = radius.map(shareOf);
  if (cx === undefined || cy === undefined || inner === undefined || outer === undefined)
    return undefined;
  const half = Math.min(width, height) / 2;
  return { cx: cx * width, cy: cy * height, inner: inner * half, outer: outer * half };
}

function sector(disc: Disc, from: number, to: number): string {
  const at = (r: number, angle: number) =>
    `${px(disc.cx + r * Math.cos(angle))} ${px(disc.cy + r * Math.sin(angle))}`;
  const large = to - from > Math.PI ? 1 : 0;
  const { inner, outer } = disc;
  const rim = `M${at(outer, from)}A${px(outer)} ${px(outer)} 0 ${large} 1 ${at(outer, to)}`;
  if (inner === 0) return `${rim}L${at(0, 0)}Z`;
  return `${rim}L${at(inner, to)}A${px(inner)} ${px(inner)} 0 ${large} 0 ${at(inner, from)}Z`;
}

export function sketchPie(
  option: OptionRecord,
  width: number,
  height: number,
  fontFamily: string,
): ChartSketch | undefined {
  const series = onlySeries(option);
  const legend = part(option, 'legend');
  if (!series || series['type'] !== 'pie' || legend['orient'] !== 'vertical') return undefined;
  const disc = discOf(series, width, height);
  const data = Array.isArray(series['data']) ? (series['data'] as unknown[]) : [];
  const values = data.map(pointValue);
  if (!disc || data.length === 0 || values.some((v) => v === null || v <= 0)) return undefined;
  const label = part(series, 'label');
  const labelLine = part(series, 'labelLine');
  const write = formatterOf(label);
  const fontSize = numberOf(label, 'fontSize', 12);
  const font = cssFont(fontSize, fontFamily);
  const line = lineHeight(font);
  if (label['show'] !== true || label['position'] !== undefined || !write || line === undefined)
    return undefined;

  const shares = percentShares(values as number[]);
  if (shares.some((share) => share >= 99.99)) return undefined;
  // Each slice in its own palette colour: a series colour does not apply to a pie.
  const colors = data.map((item, i) => colorOf(option, {}, item, i));
  const border = part(series, 'itemStyle');
  const reach = numberOf(labelLine, 'length', 15);
  const run = numberOf(labelLine, 'length2', 15);
  const labelColor = stringOf(label, 'color', '#333');
  const slices: SketchShape[] = [];
  const lines: SketchShape[] = [];
  const texts: (SketchShape & { kind: 'text' })[] = [];
  const boxes: LabelBox[] = [];
  let angle = -Math.PI / 2;
  for (const [i, share] of shares.entries()) {
    const sweep = (share / 100) * 2 * Math.PI;
    const [from, to] = [angle, angle + sweep];
    angle = to;
    slices.push({
      kind: 'path',
      d: sector(disc, from, to),
      fill: colors[i]!,
      stroke: stringOf(border, 'borderColor', '#fff'),
      strokeWidth: numberOf(border, 'borderWidth', 0),
      lineJoin: 'round',
      opacity: pointOpacity(data[i]),
      point: { seriesIndex: 0, dataIndex: i },
    });
    const middle = (from + to) / 2;
    const [dx, dy] = [Math.cos(middle), Math.sin(middle)];
    const side = dx < 0 ? -1 : 1;
    const start = { x: disc.cx + disc.outer * dx, y: disc.cy + disc.outer * dy };
    const bend = { x: disc.cx + (disc.outer + reach) * dx, y: disc.cy + (disc.outer + reach) * dy };
    const end = bend.x + side * run;
    lines.push({
      kind: 'path',
      d: `M${px(start.x)} ${px(start.y)}L${px(bend.x)} ${px(bend.y)}L${px(end)} ${px(bend.y)}`,
      fill: 'none',
      stroke: colors[i]!,
    });
    const text = write({ percent: share, name: '', value: values[i], dataIndex: i }, i);
    const textW = textWidth(text, font);
    if (textW === undefined) return undefined;
    const x = end + side * LINE_TO_TEXT;
    boxes.push({
      left: side < 0 ? x - textW : x,
      right: side < 0 ? x : x + textW,
      y: bend.y,
      side,
    });
    texts.push({
      kind: 'text',
      x: px(x),
      y: px(bend.y),
      text,
      anchor: side < 0 ? 'end' : 'start',
      color: labelColor,
      fontSize,
    });
  }
  if (crowded(boxes, line, width, height)) return undefined;
  const names = data.map((item) => stringOf(item as OptionRecord, 'name', ''));
  const legendSketch = verticalLegend(legend, names, colors, { width, height, fontFamily });
  if (!legendSketch) return undefined;
  // Label lines, slices, then the labels and the legend: the order ECharts draws them in.
  return {
    shapes: [...lines, ...slices, ...texts, ...legendSketch.shapes],
    option: { ...option, legend: legendSketch.legend },
  };
}
