/**
 * A chart's legend as ECharts' legend lays it out: a round mark and a name for each item, either
 * standing at the right of a pie, centred top to bottom, the names ending a few pixels before
 * their marks, or in one line across the top of a cartesian chart, each name after its mark.
 */
import { part, type OptionRecord } from '../option-parts.ts';
import { numberOf, stringOf } from './option-reading.ts';
import { px, type ChartRoom, type SketchShape } from './shapes.ts';
import { cssFont, lineHeight, textWidth } from './text-metrics.ts';

/** ECharts' legend padding, and the gap between a mark and its name. */
const PADDING = 5;
const MARK_TO_TEXT = 5;
/** A pie's marks carry its slices' white border, a pixel past their box on each side. */
const MARK_STROKE = 1;
/** ECharts' gap between two items of a legend (its default `itemGap`). */
const ITEM_GAP = 8;

export interface LegendSketch {
  shapes: SketchShape[];
  /** The legend option for ECharts to lay out the same: a plain one, which neither scrolls nor pages. */
  legend: OptionRecord;
}

/** The legend's marks and the size, colour and widths of its names; undefined where text cannot be measured. */
function legendStyle(legend: OptionRecord, names: string[], fontFamily: string) {
  if (legend['show'] === false || legend['icon'] !== 'circle') return undefined;
  const textStyle = part(legend, 'textStyle');
  const fontSize = numberOf(textStyle, 'fontSize', 12);
  const font = cssFont(fontSize, fontFamily);
  const widths = names.map((name) => textWidth(name, font));
  const line = lineHeight(font);
  if (line === undefined || widths.some((w) => w === undefined)) return undefined;
  return {
    fontSize,
    line,
    widths: widths as number[],
    color: stringOf(textStyle, 'color', '#333'),
    markWidth: numberOf(legend, 'itemWidth', 25),
    markHeight: numberOf(legend, 'itemHeight', 14),
  };
}

type LegendStyle = NonNullable<ReturnType<typeof legendStyle>>;

/** One item: its mark with its top-left corner at (x, y), and its name before or after it. */
function itemShapes(
  style: LegendStyle,
  item: { name: string; color: string; x: number; y: number },
  nameAfter: boolean,
  stroke?: string,
): SketchShape[] {
  const middle = px(item.y + style.markHeight / 2);
  return [
    {
      kind: 'circle',
      cx: px(item.x + style.markWidth / 2),
      cy: middle,
      r: Math.min(style.markWidth, style.markHeight) / 2,
      fill: item.color,
      ...(stroke ? { stroke, strokeWidth: 2 * MARK_STROKE } : {}),
    },
    {
      kind: 'text',
      x: px(nameAfter ? item.x + style.markWidth + MARK_TO_TEXT : item.x - MARK_TO_TEXT),
      y: middle,
      text: item.name,
      anchor: nameAfter ? 'start' : 'end',
      color: style.color,
      fontSize: style.fontSize,
    },
  ];
}

export function verticalLegend(
  legend: OptionRecord,
  names: string[],
  colors: string[],
  room: ChartRoom,
): LegendSketch | undefined {
  if (legend['left'] !== 'right' || legend['top'] !== 'middle') return undefined;
  const style = legendStyle(legend, names, room.fontFamily);
  if (!style) return undefined;
  // An item's box is its mark with the border's pixel above and below; the gap lies between boxes.
  const step = style.markHeight + 2 * MARK_STROKE + numberOf(legend, 'itemGap', ITEM_GAP);
  const longest = Math.max(...style.widths);
  const contentWidth = longest + MARK_TO_TEXT + style.markWidth + MARK_STROKE;
  const contentHeight = names.length * step - (step - style.markHeight - 2 * MARK_STROKE);
  const boxWidth = contentWidth + 2 * PADDING;
  const boxHeight = contentHeight + 2 * PADDING;
  if (boxHeight > room.height || boxWidth > room.width / 2) return undefined;
  const left = room.width - boxWidth + PADDING + longest + MARK_TO_TEXT;
  const top = (room.height - boxHeight) / 2 + PADDING + MARK_STROKE;
  const shapes = names.flatMap((name, i) =>
    itemShapes(style, { name, color: colors[i]!, x: left, y: top + i * step }, false, '#FFFFFF'),
  );
  // A scrolling legend centres its items on its pager's width: the plain one draws them as above.
  return { shapes, legend: { ...legend, type: 'plain' } };
}

/**
 * A legend in one line at the top left, or undefined where its items would not fit on one line
 * (ECharts would wrap a plain legend, and page a scrolling one).
 */
export function horizontalLegend(
  legend: OptionRecord,
  names: string[],
  colors: string[],
  room: ChartRoom,
): LegendSketch | undefined {
  if (legend['orient'] === 'vertical' || legend['left'] !== 0 || legend['top'] !== 0)
    return undefined;
  const style = legendStyle(legend, names, room.fontFamily);
  if (!style) return undefined;
  const gap = numberOf(legend, 'itemGap', ITEM_GAP);
  const itemWidths = style.widths.map((w) => style.markWidth + MARK_TO_TEXT + w);
  const lineWidth = itemWidths.reduce((sum, w) => sum + w + gap, -gap);
  if (lineWidth >= room.width - 2 * PADDING) return undefined;
  // The line's top is its tallest part's: a name taller than the marks rises above them.
  const top = PADDING - Math.min(0, style.markHeight / 2 - style.line / 2);
  let x = PADDING;
  const shapes = names.flatMap((name, i) => {
    const item = itemShapes(style, { name, color: colors[i]!, x, y: top }, true);
    x += itemWidths[i]! + gap;
    return item;
  });
  // A scrolling legend centres its line on its pager's height: the plain one draws it as above.
  return { shapes, legend: { ...legend, type: 'plain' } };
}
