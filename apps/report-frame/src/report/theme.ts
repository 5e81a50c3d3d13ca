/** Report themes: a themeJson (Power BI theme file shape) laid over the report's own theme. */
import { isRecord } from '../lib/is-record.ts';
import type { FrameTheme } from '../state/report-state.ts';

const isColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value);

export function applyThemeJson(base: FrameTheme, themeJson: unknown): FrameTheme {
  if (!isRecord(themeJson)) return base;
  const { dataColors, background, foreground, tableAccent, fontFamily, textClasses } = themeJson;
  const label = isRecord(textClasses) ? textClasses['label'] : undefined;
  const colors = Array.isArray(dataColors) ? dataColors.filter(isColor) : [];
  const fontFace = (isRecord(label) ? label['fontFace'] : undefined) ?? fontFamily;
  return {
    dataColors: colors.length ? colors : base.dataColors,
    background: isColor(background) ? background : base.background,
    foreground: isColor(foreground) ? foreground : base.foreground,
    tableAccent: isColor(tableAccent) ? tableAccent : (colors[0] ?? base.tableAccent),
    fontFamily:
      typeof fontFace === 'string' && fontFace.trim()
        ? `${fontFace}, ${base.fontFamily}`
        : base.fontFamily,
  };
}
