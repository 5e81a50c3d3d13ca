/**
 * Where a cartesian chart's plot stands and what its axes draw: the grid as ECharts'
 * containLabel measures it (room for the labels outside the plot), the split lines, the axis
 * line and both axes' labels. Labels ECharts would shorten, thin out or move are refused.
 */
import { part, type OptionRecord } from '../option-parts.ts';
import type { PlotAxes } from './cartesian-axes.ts';
import type { ValueScale } from './nice-scale.ts';
import { numberOf, stringOf } from './option-reading.ts';
import { crisp, px, type ChartRoom, type SketchShape } from './shapes.ts';
import { textWidth } from './text-metrics.ts';

/** ECharts' gap between an axis and its labels. */
const LABEL_MARGIN = 8;
/**
 * The room ECharts keeps at either end of an axis label's text (axisLabel.textMargin), counted
 * in the label's box wherever it measures one: for containLabel and for hideOverlap.
 */
const TEXT_MARGIN = 3;

/** How far a label turned 45° reaches down, and left of its end: its box's far corner. */
const slantReach = (label: { width: number }, line: number) =>
  Math.SQRT1_2 * (label.width + TEXT_MARGIN + line / 2);

interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Positions along the plot: a category's centre across its band, a value along its axis. */
export interface PlotScale {
  horizontal: boolean;
  band: number;
  center: (index: number) => number;
  at: (value: number) => number;
}

export interface Plot {
  frame: Frame;
  scale: PlotScale;
  /** Split lines, axis line and labels, in the order ECharts writes them. */
  shapes: SketchShape[];
}

interface Label {
  text: string;
  width: number;
  index: number;
}

/** The category labels ECharts shows (every interval-th), or undefined where one would be cut. */
function categoryLabels(axes: PlotAxes): Label[] | undefined {
  const label = part(axes.category, 'axisLabel');
  const interval = numberOf(label, 'interval', 0);
  const limit = numberOf(label, 'width', Infinity);
  const shown: Label[] = [];
  for (const [index, text] of axes.labels.entries()) {
    if (index % (interval + 1) !== 0) continue;
    const width = textWidth(text, axes.categoryText.font);
    if (width === undefined || width > limit) return undefined;
    shown.push({ text, width, index });
  }
  return shown;
}

/**
 * The plot's frame, as containLabel leaves it: a column chart's value labels at the left, half
 * a label above its top tick and a line of categories below (or the depth of the longest turned
 * one); a bar chart's categories at the left, a line of values below, and half of the first and
 * last value label at either end.
 */
function frameOf(
  axes: PlotAxes,
  grid: OptionRecord,
  room: ChartRoom,
  ticks: Label[],
  categories: Label[],
): Frame {
  const [gridLeft, gridTop] = [numberOf(grid, 'left', 0), numberOf(grid, 'top', 0)];
  const right = room.width - numberOf(grid, 'right', 0);
  const bottom = room.height - numberOf(grid, 'bottom', 0) - LABEL_MARGIN;
  if (!axes.horizontal) {
    const line = axes.categoryText.line;
    const depth = axes.slanted ? Math.max(...categories.map((c) => slantReach(c, line))) : line;
    return {
      left: gridLeft + Math.max(...ticks.map((t) => t.width)) + TEXT_MARGIN + LABEL_MARGIN,
      right,
      top: gridTop + axes.valueText.line / 2,
      bottom: bottom - depth,
    };
  }
  const widest = Math.max(0, ...categories.map((c) => c.width));
  return {
    left:
      gridLeft + Math.max(widest + TEXT_MARGIN + LABEL_MARGIN, ticks[0]!.width / 2 + TEXT_MARGIN),
    right: right - ticks[ticks.length - 1]!.width / 2 - TEXT_MARGIN,
    top: gridTop,
    bottom: bottom - axes.valueText.line,
  };
}

function scaleOf(axes: PlotAxes, frame: Frame, values: ValueScale): PlotScale {
  const share = (value: number) => (value - values.min) / (values.max - values.min);
  const count = axes.labels.length;
  if (axes.horizontal) {
    const band = (frame.bottom - frame.top) / count;
    return {
      horizontal: true,
      band,
      center: (i) => frame.top + band * (i + 0.5),
      at: (value) => frame.left + share(value) * (frame.right - frame.left),
    };
  }
  const band = (frame.right - frame.left) / count;
  return {
    horizontal: false,
    band,
    center: (i) => frame.left + band * (i + 0.5),
    at: (value) => frame.bottom - share(value) * (frame.bottom - frame.top),
  };
}

interface Bounds {
  /** The grid's own left edge, and the chart's right one. */
  left: number;
  right: number;
  /** The band ECharts first measures the labels in, before containLabel narrows the plot. */
  firstBand: number;
}

/**
 * Whether the first turned label would widen containLabel's left margin past the value labels':
 * ECharts measures it in the grid before the value labels narrow it, and scales what sticks out
 * by the label's place along the axis (at most its first band's share).
 */
function slantWidensGrid(axes: PlotAxes, frame: Frame, first: Label, bounds: Bounds): boolean {
  const out = slantReach(first, axes.categoryText.line) - bounds.firstBand / 2;
  return out / (1 - 1 / axes.labels.length) >= frame.left - bounds.left;
}

/**
 * Whether ECharts would hide or move a label, or lay the grid out otherwise: value labels that
 * touch (hideOverlap), category labels out of the chart, or taller than a bar's band.
 */
function crowded(
  axes: PlotAxes,
  plot: { frame: Frame; scale: PlotScale },
  ticks: (Label & { at: number })[],
  categories: Label[],
  bounds: Bounds,
): boolean {
  const { scale } = plot;
  // Side by side, two value labels' boxes meet at half their widths and margins; one above the
  // other, at a line (the margin is only at their ends).
  const reach = (a: Label, b: Label) =>
    axes.horizontal ? (a.width + b.width) / 2 + 2 * TEXT_MARGIN : axes.valueText.line;
  if (ticks.some((t, i) => i > 0 && Math.abs(t.at - ticks[i - 1]!.at) <= reach(ticks[i - 1]!, t)))
    return true;
  if (axes.horizontal) return scale.band < axes.categoryText.line;
  if (axes.slanted) {
    const line = axes.categoryText.line;
    if (slantWidensGrid(axes, plot.frame, categories[0]!, bounds)) return true;
    return categories.some((c) => scale.center(c.index) - slantReach(c, line) < bounds.left);
  }
  return categories.some((c) => {
    const x = scale.center(c.index);
    const half = c.width / 2 + TEXT_MARGIN;
    return x - half < bounds.left || x + half > bounds.right;
  });
}

/** A label centred on its line at (x, y), anchored at `anchor`. */
const labelShape = (
  text: string,
  x: number,
  y: number,
  anchor: 'middle' | 'end',
  style: PlotAxes['valueText'],
  slanted = false,
): SketchShape => ({
  kind: 'text',
  x: px(x),
  y: px(y),
  text,
  anchor,
  color: style.color,
  fontSize: style.fontSize,
  ...(slanted ? { slanted } : {}),
});

function axisShapes(
  axes: PlotAxes,
  frame: Frame,
  scale: PlotScale,
  ticks: (Label & { at: number })[],
  categories: Label[],
): SketchShape[] {
  const { left, right, top, bottom } = frame;
  const split = stringOf(part(part(axes.value, 'splitLine'), 'lineStyle'), 'color', '#E0E6F1');
  const axisLine = part(part(axes.category, 'axisLine'), 'lineStyle');
  const line = (d: string, stroke: string, lineCap?: 'round'): SketchShape => ({
    kind: 'path',
    d,
    fill: 'none',
    stroke,
    ...(lineCap ? { lineCap } : {}),
  });
  // zrender moves a 1 px line onto the middle of a pixel row or column: only its fixed coordinate.
  const across = (at: number) =>
    axes.horizontal
      ? `M${crisp(at)} ${px(top)}L${crisp(at)} ${px(bottom)}`
      : `M${px(left)} ${crisp(at)}L${px(right)} ${crisp(at)}`;
  const below = bottom + LABEL_MARGIN;
  const valueLabels = ticks.map((t) =>
    axes.horizontal
      ? labelShape(t.text, t.at, below + axes.valueText.line / 2, 'middle', axes.valueText)
      : labelShape(t.text, left - LABEL_MARGIN, t.at, 'end', axes.valueText),
  );
  const categoryLabels = categories.map((c) =>
    axes.horizontal
      ? labelShape(c.text, left - LABEL_MARGIN, scale.center(c.index), 'end', axes.categoryText)
      : axes.slanted
        ? labelShape(c.text, scale.center(c.index), below, 'end', axes.categoryText, true)
        : labelShape(
            c.text,
            scale.center(c.index),
            below + axes.categoryText.line / 2,
            'middle',
            axes.categoryText,
          ),
  );
  return [
    ...ticks.map((t) => line(across(t.at), split)),
    line(across(axes.horizontal ? left : bottom), stringOf(axisLine, 'color', '#6E7079'), 'round'),
    // The left axis' labels, then the bottom one's: the order ECharts writes them in.
    ...(axes.horizontal
      ? [...categoryLabels, ...valueLabels]
      : [...valueLabels, ...categoryLabels]),
  ];
}

/** The plot of `axes` over `values`, or undefined where ECharts would lay its labels out otherwise. */
export function plotOf(
  axes: PlotAxes,
  grid: OptionRecord,
  room: ChartRoom,
  values: ValueScale,
): Plot | undefined {
  const categories = categoryLabels(axes);
  const ticks = values.ticks.map((tick, index) => {
    const text = axes.writeValue(tick, index);
    return { text, width: textWidth(text, axes.valueText.font) ?? Infinity, index };
  });
  if (!categories || categories.length === 0) return undefined;
  const frame = frameOf(axes, grid, room, ticks, categories);
  if (frame.right - frame.left < 20 || frame.bottom - frame.top < 20) return undefined;
  const scale = scaleOf(axes, frame, values);
  const placed = ticks.map((t, i) => ({ ...t, at: scale.at(values.ticks[i]!) }));
  const left = numberOf(grid, 'left', 0);
  const firstBand = (room.width - numberOf(grid, 'right', 0) - left) / axes.labels.length;
  const bounds = { left, right: room.width, firstBand };
  if (crowded(axes, { frame, scale }, placed, categories, bounds)) return undefined;
  return { frame, scale, shapes: axisShapes(axes, frame, scale, placed, categories) };
}

/** The option with the plot's grid and value axis stated, for ECharts to draw the same. */
export function withStatedGeometry(
  option: OptionRecord,
  plot: Plot,
  room: ChartRoom,
  values: ValueScale,
): OptionRecord {
  const { frame, scale } = plot;
  const valueAxis = scale.horizontal ? 'xAxis' : 'yAxis';
  return {
    ...option,
    grid: {
      ...part(option, 'grid'),
      containLabel: false,
      left: frame.left,
      right: room.width - frame.right,
      top: frame.top,
      bottom: room.height - frame.bottom,
    },
    [valueAxis]: {
      ...part(option, valueAxis),
      min: values.min,
      max: values.max,
      interval: values.interval,
    },
  };
}
