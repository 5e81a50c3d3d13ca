/**
 * Text as ECharts' renderer measures it: a canvas's `measureText` with the same CSS font, and a
 * line's height taken as the width of '国' (zrender's own rule), so that a sketch puts its
 * labels where ECharts puts them.
 */
let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

export const cssFont = (fontSize: number, fontFamily: string) => `${fontSize}px ${fontFamily}`;

/** The text's width in `font`, or undefined where the browser has no canvas to measure with. */
export function textWidth(text: string, font: string): number | undefined {
  const key = `${font}\n${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  context ??=
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  // Setting a canvas' font parses it again, even when it is the same: only a new one is set.
  if (context.font !== font) context.font = font;
  const width = context.measureText(text).width;
  widths.set(key, width);
  return width;
}

export function lineHeight(font: string): number | undefined {
  return textWidth('国', font);
}
