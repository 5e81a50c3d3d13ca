/**
 * The text measurement ECharts draws with: the canvas's own, except zrender's probe of a wide
 * character. zrender measures '国' once per font to estimate the width of any non-ASCII character
 * when it shortens a label; where no CJK font is installed, that one measurement makes Chromium
 * search the system's fallback fonts, 5–20 ms per font on a page's first draw (two fonts on the
 * demo sales page: most of the text measuring of a cold load). The probe is answered with one em,
 * zrender's own estimate where it has no canvas; every label is still measured on the canvas.
 */
const WIDE_CHARACTER_PROBE = '国';
const DEFAULT_FONT = '12px sans-serif';

let context: CanvasRenderingContext2D | null | undefined;
let contextFont = '';

/** The font size in pixels of a CSS font shorthand (12 when it names none). */
export function fontSizeOf(font: string): number {
  const match = /(\d+(?:\.\d+)?)px/.exec(font);
  return match ? Number(match[1]) : 12;
}

export function measureText(text: string, font: string = DEFAULT_FONT): { width: number } {
  if (text === WIDE_CHARACTER_PROBE) return { width: fontSizeOf(font) };
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return { width: fontSizeOf(font) * text.length };
  // Setting a canvas font parses it: only when it changes.
  if (font !== contextFont) context.font = contextFont = font;
  return context.measureText(text);
}
