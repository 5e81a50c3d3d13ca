/** Shared look of every chart: quiet axes, light grid lines, theme colours, locale-aware numbers. */
import type { Formatter } from '../i18n/format.ts';
import type { FrameTheme } from '../state/report-state.ts';

export interface ChartContext {
  theme: FrameTheme;
  format: Formatter;
  /** Category indexes selected in this visual (the others are dimmed). */
  selected: Set<number>;
  showLegend: boolean;
  totalLabel: string;
}

const DIMMED_OPACITY = 0.3;

export function axisStyle(theme: FrameTheme) {
  return {
    axisLine: { lineStyle: { color: '#C8C6C4' } },
    axisTick: { show: false },
    axisLabel: { color: '#605E5C', fontSize: 11 },
    splitLine: { lineStyle: { color: '#EDEBE9' } },
    nameTextStyle: { color: theme.foreground },
  };
}

/** Axis ticks: percentages as percentages, everything else in short display units. */
export function valueAxisLabel(format: Formatter, measureFormat?: string) {
  const percent = !!measureFormat && measureFormat.includes('%');
  return {
    formatter: (value: number) =>
      percent ? format.value(value, 'number', '0%') : format.compact(value),
  };
}

export function legend(ctx: ChartContext) {
  return {
    show: ctx.showLegend,
    // One line at most: a long legend scrolls instead of wrapping over the plot.
    type: 'scroll' as const,
    top: 0,
    left: 0,
    icon: 'circle',
    itemWidth: 8,
    itemHeight: 8,
    textStyle: { color: '#605E5C', fontSize: 11 },
  };
}

export function tooltip(ctx: ChartContext, trigger: 'axis' | 'item' = 'axis') {
  return {
    trigger,
    confine: true,
    className: 'chart-tooltip',
    backgroundColor: '#FFFFFF',
    borderColor: '#E1DFDD',
    textStyle: { color: ctx.theme.foreground, fontSize: 12 },
    valueFormatter: (value: unknown) =>
      typeof value === 'number' ? ctx.format.value(value, 'number') : String(value),
  };
}

export function pointOpacity(ctx: ChartContext, index: number): number {
  return ctx.selected.size > 0 && !ctx.selected.has(index) ? DIMMED_OPACITY : 1;
}
