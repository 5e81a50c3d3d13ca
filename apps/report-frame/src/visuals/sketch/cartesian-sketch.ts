/**
 * The sketch of a column, line or area chart with one series and no legend: split lines, the
 * value axis' labels, the category labels, and the bars, or the line with its points and area.
 * Anything else in the option (a second series, a legend, axis titles, data labels, a rotated or
 * shortened label, a set range) is left to ECharts: the sketch answers undefined.
 */
import { isRecord } from '../../lib/is-record.ts';
import { part, type OptionRecord } from '../option-parts.ts';
import { niceScale, type ValueScale } from './nice-scale.ts';
import {
  colorOf,
  formatterOf,
  numberOf,
  onlySeries,
  pointOpacity,
  pointValue,
  stringOf,
} from './option-reading.ts';
import { crisp, px, type ChartSketch, type SketchShape } from './shapes.ts';
import { cssFont, lineHeight, textWidth } from './text-metrics.ts';

/** ECharts' gap between an axis and its labels, and a bar chart's default gap between bands. */
const LABEL_MARGIN = 8;
const BAR_CATEGORY_GAP = 0.2;

type Axes = NonNullable<ReturnType<typeof plainAxes>>;

/** The two axes of a vertical chart the sketch can draw, or undefined. */
function plainAxes(option: OptionRecord) {
  const { xAxis: category, yAxis: value } = option;
  if (!isRecord(category) || !isRecord(value)) return undefined;
  if (category['type'] !== 'category' || value['type'] !== 'value') return undefined;
  const labels = category['data'];
  if (!Array.isArray(labels) || !labels.every((l) => typeof l === 'string')) return undefined;
  for (const axis of [category, value]) {
    if (axis['show'] === false || axis['name'] !== undefined || axis['inverse']) return undefined;
    if (axis['min'] !== undefined || axis['max'] !== undefined) return undefined;
    if (part(axis, 'splitLine')['show'] === false) return undefined;
  }
  if (numberOf(part(category, 'axisLabel'), 'rotate', 0) !== 0) return undefined;
  return { category, value, labels: labels as string[] };
}

interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function sketchCartesian(
  option: OptionRecord,
  width: number,
  height: number,
  fontFamily: string,
): ChartSketch | undefined {
  const axes = plainAxes(option);
  const series = onlySeries(option);
  const grid = part(option, 'grid');
  if (!axes || !series || part(option, 'legend')['show'] === true) return undefined;
  if (part(series, 'label')['show'] === true || grid['containLabel'] !== true) return undefined;
  const type = series['type'];
  if (type !== 'bar' && (type !== 'line' || series['symbol'] !== 'circle')) return undefined;
  const data = Array.isArray(series['data']) ? (series['data'] as unknown[]) : [];
  if (data.length !== axes.labels.length || data.length === 0) return undefined;
  const values = data.map(pointValue);
  const numbers = values.filter((v): v is number => v !== null);
  // A negative value moves the category axis to zero, across the plot: left to ECharts.
  if (numbers.some((v) => v < 0)) return undefined;
  const scale = niceScale(0, Math.max(0, ...numbers));

  const valueLabel = part(axes.value, 'axisLabel');
  const categoryLabel = part(axes.category, 'axisLabel');
  const fontSize = numberOf(valueLabel, 'fontSize', 12);
  const categoryFontSize = numberOf(categoryLabel, 'fontSize', 12);
  const font = cssFont(fontSize, fontFamily);
  const categoryFont = cssFont(categoryFontSize, fontFamily);
  const line = lineHeight(font);
  const categoryLine = lineHeight(categoryFont);
  const writeValue = formatterOf(valueLabel);
  if (line === undefined || categoryLine === undefined || !writeValue) return undefined;
  const tickTexts = scale.ticks.map((tick, i) => writeValue(tick, i));
  const tickWidths = tickTexts.map((text) => textWidth(text, font) ?? Infinity);

  // The grid, measured as ECharts' containLabel would: the value labels at the left, half a
  // label above the top tick, a line of category labels below.
  const frame: Frame = {
    left: numberOf(grid, 'left', 0) + Math.max(...tickWidths) + LABEL_MARGIN,
    right: width - numberOf(grid, 'right', 0),
    top: numberOf(grid, 'top', 0) + line / 2,
    bottom: height - numberOf(grid, 'bottom', 0) - LABEL_MARGIN - categoryLine,
  };
  if (frame.right - frame.left < 20 || frame.bottom - frame.top < 20) return undefined;
  const y = (value: number) =>
    frame.bottom - ((value - scale.min) / (scale.max - scale.min)) * (frame.bottom - frame.top);
  // Ticks closer than a line would be thinned by ECharts' hideOverlap.
  if ((frame.bottom - frame.top) / (scale.ticks.length - 1) < line) return undefined;

  const band = (frame.right - frame.left) / data.length;
  const center = (i: number) => frame.left + band * (i + 0.5);
  const categoryShapes = categoryTexts(axes, categoryLabel, categoryFont, categoryFontSize, {
    band,
    center,
    frame,
    line: categoryLine,
    gridLeft: numberOf(grid, 'left', 0),
    width,
  });
  if (!categoryShapes) return undefined;

  const color = colorOf(option, series);
  const splitColor = stringOf(part(part(axes.value, 'splitLine'), 'lineStyle'), 'color', '#E0E6F1');
  const axisColor = stringOf(
    part(part(axes.category, 'axisLine'), 'lineStyle'),
    'color',
    '#6E7079',
  );
  const labelColor = stringOf(valueLabel, 'color', '#6E7079');
  const shapes: SketchShape[] = [
    ...scale.ticks.map((tick): SketchShape => ({
      kind: 'path',
      d: `M${px(frame.left)} ${crisp(y(tick))}L${px(frame.right)} ${crisp(y(tick))}`,
      fill: 'none',
      stroke: splitColor,
    })),
    {
      kind: 'path',
      d: `M${px(frame.left)} ${crisp(frame.bottom)}L${px(frame.right)} ${crisp(frame.bottom)}`,
      fill: 'none',
      stroke: axisColor,
      lineCap: 'round',
    },
    ...scale.ticks.map((tick, i): SketchShape => ({
      kind: 'text',
      x: px(frame.left - LABEL_MARGIN),
      y: px(y(tick)),
      text: tickTexts[i]!,
      anchor: 'end',
      color: labelColor,
      fontSize,
    })),
    ...categoryShapes,
    ...(type === 'bar'
      ? barShapes(series, data, values, color, { band, center, y, base: frame.bottom })
      : lineShapes(series, values, color, { center, y, base: frame.bottom })),
  ];
  return { shapes, option: withStatedGeometry(option, frame, width, height, scale) };
}

interface CategoryRoom {
  band: number;
  center: (i: number) => number;
  frame: Frame;
  line: number;
  gridLeft: number;
  width: number;
}

/** The category labels, each centred under its band; undefined where one would be shortened or stick out. */
function categoryTexts(
  axes: Axes,
  label: OptionRecord,
  font: string,
  fontSize: number,
  room: CategoryRoom,
): SketchShape[] | undefined {
  const interval = numberOf(label, 'interval', 0);
  const limit = numberOf(label, 'width', Infinity);
  const color = stringOf(label, 'color', '#6E7079');
  const shapes: SketchShape[] = [];
  for (const [i, text] of axes.labels.entries()) {
    if (i % (interval + 1) !== 0) continue;
    const textW = textWidth(text, font);
    if (textW === undefined || textW > limit) return undefined;
    const x = room.center(i);
    if (x - textW / 2 < room.gridLeft || x + textW / 2 > room.width) return undefined;
    shapes.push({
      kind: 'text',
      x: px(x),
      y: px(room.frame.bottom + LABEL_MARGIN + room.line / 2),
      text,
      anchor: 'middle',
      color,
      fontSize,
    });
  }
  return shapes;
}

interface Plot {
  center: (i: number) => number;
  y: (value: number) => number;
  base: number;
}

function barShapes(
  series: OptionRecord,
  data: unknown[],
  values: (number | null)[],
  color: string,
  plot: Plot & { band: number },
): SketchShape[] {
  const barWidth = Math.min(
    numberOf(series, 'barMaxWidth', Infinity),
    plot.band * (1 - BAR_CATEGORY_GAP),
  );
  const shapes: SketchShape[] = [];
  values.forEach((value, i) => {
    if (value === null) return;
    const x = plot.center(i) - barWidth / 2;
    const h = plot.base - plot.y(value);
    shapes.push({
      kind: 'path',
      d: `M${px(x)} ${px(plot.base)}l${px(barWidth)} 0l0 ${px(-h)}l${px(-barWidth)} 0Z`,
      fill: color,
      opacity: pointOpacity(data[i]),
      point: { seriesIndex: 0, dataIndex: i },
    });
  });
  return shapes;
}

function lineShapes(
  series: OptionRecord,
  values: (number | null)[],
  color: string,
  plot: Plot,
): SketchShape[] {
  const runs: { x: number; y: number; i: number }[][] = [];
  let run: { x: number; y: number; i: number }[] = [];
  values.forEach((value, i) => {
    if (value === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ x: px(plot.center(i)), y: px(plot.y(value)), i });
  });
  if (run.length) runs.push(run);
  const shapes: SketchShape[] = [];
  const area = part(series, 'areaStyle');
  if (isRecord(series['areaStyle'])) {
    for (const points of runs) {
      const first = points[0]!;
      const last = points[points.length - 1]!;
      shapes.push({
        kind: 'path',
        d: `M${first.x} ${px(plot.base)}${points.map((p) => `L${p.x} ${p.y}`).join('')}L${last.x} ${px(plot.base)}Z`,
        fill: color,
        fillOpacity: numberOf(area, 'opacity', 0.7),
      });
    }
  }
  for (const points of runs) {
    shapes.push({
      kind: 'path',
      d: points.map((p, n) => `${n ? 'L' : 'M'}${p.x} ${p.y}`).join(''),
      fill: 'none',
      stroke: color,
      strokeWidth: 2,
      lineJoin: 'bevel',
    });
  }
  if (series['showSymbol'] !== false) {
    const r = numberOf(series, 'symbolSize', 4) / 2;
    for (const p of runs.flat()) {
      shapes.push({
        kind: 'circle',
        cx: p.x,
        cy: p.y,
        r,
        fill: color,
        point: { seriesIndex: 0, dataIndex: p.i },
      });
    }
  }
  return shapes;
}

/** The option with the sketch's grid and value axis stated, for ECharts to draw the same. */
function withStatedGeometry(
  option: OptionRecord,
  frame: Frame,
  width: number,
  height: number,
  scale: ValueScale,
): OptionRecord {
  return {
    ...option,
    grid: {
      ...part(option, 'grid'),
      containLabel: false,
      left: frame.left,
      right: width - frame.right,
      top: frame.top,
      bottom: height - frame.bottom,
    },
    yAxis: { ...part(option, 'yAxis'), min: scale.min, max: scale.max, interval: scale.interval },
  };
}
