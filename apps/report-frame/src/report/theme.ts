/** Report themes: a themeJson (Power BI theme file shape) laid over the report's own theme. */
import type { FrameTheme } from '../state/report-state.ts';

interface ThemeJson {
  dataColors?: unknown;
  background?: unknown;
  foreground?: unknown;
  tableAccent?: unknown;
  fontFamily?: unknown;
  textClasses?: Record<string, { fontFace?: unknown }>;
}

const isColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value);

export function applyThemeJson(base: FrameTheme, themeJson: unknown): FrameTheme {
  if (typeof themeJson !== 'object' || themeJson === null) return base;
  const theme = themeJson as ThemeJson;
  const colors = Array.isArray(theme.dataColors) ? theme.dataColors.filter(isColor) : [];
  const fontFace = theme.textClasses?.['label']?.fontFace ?? theme.fontFamily;
  return {
    dataColors: colors.length ? colors : base.dataColors,
    background: isColor(theme.background) ? theme.background : base.background,
    foreground: isColor(theme.foreground) ? theme.foreground : base.foreground,
    tableAccent: isColor(theme.tableAccent) ? theme.tableAccent : (colors[0] ?? base.tableAccent),
    fontFamily:
      typeof fontFace === 'string' && fontFace.trim()
        ? `${fontFace}, ${base.fontFamily}`
        : base.fontFamily,
  };
}
