/** Shared look of every chart: quiet axes, light grid lines, theme colours, locale-aware numbers. */
import type { VisualNumberFormat } from '@vitrina/bi-model';
import type { Formatter } from '../i18n/format.ts';
import { isRecord } from '../lib/is-record.ts';
import type { CategoryLabelLayout } from './category-labels.ts';
import type { FrameTheme } from '../state/report-state.ts';

export interface ChartContext {
  theme: FrameTheme;
  format: Formatter;
  /** Category indexes selected in this visual (the others are dimmed). */
  selected: Set<number>;
  showLegend: boolean;
  totalLabel: string;
  /** The visual's own display units and decimals (format pane), over the model's format. */
  numberFormat?: VisualNumberFormat;
  /** How the category axis shows its labels in the visual's room (see category-labels.ts). */
  categoryLabels?: CategoryLabelLayout;
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

/** Axis ticks in the visual's display unit, chosen by the axis's largest value. */
export function valueAxisLabel(ctx: ChartContext, measureFormat: string | undefined, max: number) {
  return {
    formatter: ctx.format.figures(measureFormat, max, 'axis', ctx.numberFormat),
    // A narrow horizontal axis would write its ticks over each other ("S/ 50 MS/ 100 M"): Power BI
    // drops every other one instead.
    hideOverlap: true,
  };
}

/**
 * A series' data labels (hidden until the author turns them on) in the visual's display unit,
 * and its tooltip at the model's full format, as Power BI shows them.
 */
export function seriesFigures(ctx: ChartContext, measureFormat: string | undefined, max: number) {
  const write = ctx.format.figures(measureFormat, max, 'chart', ctx.numberFormat);
  return {
    label: {
      show: false,
      formatter: (p: { value: unknown }) => {
        const value = isRecord(p.value) ? p.value['value'] : p.value;
        return typeof value === 'number' ? write(value) : '';
      },
    },
    tooltip: {
      valueFormatter: (value: unknown) =>
        typeof value === 'number'
          ? ctx.format.value(value, 'number', measureFormat)
          : String(value),
    },
  };
}

/** The largest absolute value of a set of series (stacked: of each category's stack). */
export function largestValue(series: (number | null)[][], stacked = false): number {
  if (!stacked) return Math.max(0, ...series.flat().map((v) => Math.abs(v ?? 0)));
  const length = Math.max(0, ...series.map((s) => s.length));
  const stacks = Array.from({ length }, (_, i) =>
    series.reduce((sum, s) => sum + Math.abs(s[i] ?? 0), 0),
  );
  return Math.max(0, ...stacks);
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
