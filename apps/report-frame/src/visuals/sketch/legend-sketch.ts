/**
 * A pie's legend standing at the right, centred top to bottom: a round mark and a name for each
 * slice, the names ending a few pixels before their marks, as ECharts' legend lays them out.
 */
import { part, type OptionRecord } from '../option-parts.ts';
import { numberOf, stringOf } from './option-reading.ts';
import { px, type ChartRoom, type SketchShape } from './shapes.ts';
import { cssFont, textWidth } from './text-metrics.ts';

/** ECharts' legend padding, and the gap between a mark and its name. */
const PADDING = 5;
const MARK_TO_TEXT = 5;
/** A mark's stroke reaches a pixel past its box on each side. */
const MARK_STROKE = 1;

export function verticalLegend(
  legend: OptionRecord,
  names: string[],
  colors: string[],
  room: ChartRoom,
): { shapes: SketchShape[]; legend: OptionRecord } | undefined {
  if (legend['show'] === false || legend['left'] !== 'right' || legend['top'] !== 'middle')
    return undefined;
  if (legend['icon'] !== 'circle') return undefined;
  const textStyle = part(legend, 'textStyle');
  const fontSize = numberOf(textStyle, 'fontSize', 12);
  const font = cssFont(fontSize, room.fontFamily);
  const markWidth = numberOf(legend, 'itemWidth', 25);
  const markHeight = numberOf(legend, 'itemHeight', 14);
  const gap = numberOf(legend, 'itemGap', 10);
  const widths = names.map((name) => textWidth(name, font));
  if (widths.some((w) => w === undefined)) return undefined;
  const longest = Math.max(...(widths as number[]));
  const contentWidth = longest + MARK_TO_TEXT + markWidth + MARK_STROKE;
  const contentHeight = names.length * (markHeight + gap) - gap + 2 * MARK_STROKE;
  const boxWidth = contentWidth + 2 * PADDING;
  const boxHeight = contentHeight + 2 * PADDING;
  if (boxHeight > room.height || boxWidth > room.width / 2) return undefined;
  const left = room.width - boxWidth + PADDING + longest + MARK_TO_TEXT;
  const top = (room.height - boxHeight) / 2 + PADDING + MARK_STROKE;
  const color = stringOf(textStyle, 'color', '#333');
  const shapes = names.flatMap((name, i): SketchShape[] => {
    const y = top + i * (markHeight + gap);
    return [
      {
        kind: 'circle',
        cx: px(left + markWidth / 2),
        cy: px(y + markHeight / 2),
        r: Math.min(markWidth, markHeight) / 2,
        fill: colors[i]!,
        stroke: '#FFFFFF',
        strokeWidth: 2 * MARK_STROKE,
      },
      {
        kind: 'text',
        x: px(left - MARK_TO_TEXT),
        y: px(y + markHeight / 2),
        text: name,
        anchor: 'end',
        color,
        fontSize,
      },
    ];
  });
  // A scrolling legend centres its items on its pager's width: the plain one draws them as above.
  return { shapes, legend: { ...legend, type: 'plain' } };
}
