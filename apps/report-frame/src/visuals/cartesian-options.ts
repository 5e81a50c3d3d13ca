/** Bar, column (clustered and stacked), line, area, combo and waterfall charts. */
import type { VisualType } from '../api/types.ts';
import type { ChartOption } from './echarts.ts';
import type { CategoryData } from './chart-data.ts';
import {
  axisStyle,
  largestValue,
  legend,
  pointOpacity,
  seriesFigures,
  tooltip,
  valueAxisLabel,
  type ChartContext,
} from './chart-style.ts';
import { categoryAxisLabel } from './category-labels.ts';

const HORIZONTAL = new Set<VisualType>(['clusteredBarChart', 'stackedBarChart']);
const STACKED = new Set<VisualType>(['stackedBarChart', 'stackedColumnChart']);

function barData(values: (number | null)[], ctx: ChartContext) {
  return values.map((value, i) => ({ value, itemStyle: { opacity: pointOpacity(ctx, i) } }));
}

export function cartesianOption(
  type: VisualType,
  data: CategoryData,
  ctx: ChartContext,
  lineCount = 0,
): ChartOption {
  if (type === 'waterfallChart') return waterfallOption(data, ctx);
  const horizontal = HORIZONTAL.has(type);
  const categoryAxis = {
    type: 'category' as const,
    data: data.labels,
    ...axisStyle(ctx.theme),
    axisLabel: {
      ...axisStyle(ctx.theme).axisLabel,
      ...(ctx.categoryLabels ? categoryAxisLabel(ctx.categoryLabels) : { hideOverlap: true }),
    },
    inverse: horizontal,
  };
  const barCount = data.series.length - lineCount;
  const stacked = STACKED.has(type) || (type === 'areaChart' && data.series.length > 1);
  // Bars and lines of a combo have an axis each, and each axis its own display unit.
  const barMax = largestValue(
    data.series.slice(0, barCount).map((s) => s.values),
    stacked,
  );
  const lineMax = largestValue(data.series.slice(barCount).map((s) => s.values));
  const valueAxisFor = (measureFormat: string | undefined, max: number) => ({
    type: 'value' as const,
    ...axisStyle(ctx.theme),
    axisLabel: { ...axisStyle(ctx.theme).axisLabel, ...valueAxisLabel(ctx, measureFormat, max) },
  });
  const valueAxis = valueAxisFor(data.series[0]?.format, barMax);
  const series = data.series.map((s, i) => {
    const asLine = type === 'lineChart' || type === 'areaChart' || (lineCount > 0 && i >= barCount);
    const figures = seriesFigures(ctx, s.format, lineCount > 0 && asLine ? lineMax : barMax);
    if (asLine) {
      return {
        ...figures,
        type: 'line' as const,
        name: s.name,
        data: s.values,
        yAxisIndex: lineCount > 0 ? 1 : 0,
        symbol: 'circle',
        symbolSize: 5,
        showSymbol: s.values.length <= 36,
        lineWidth: 2,
        ...(type === 'areaChart'
          ? { areaStyle: { opacity: 0.25 }, stack: data.series.length > 1 ? 'area' : undefined }
          : {}),
      };
    }
    // Outside the end of a single bar, as Power BI puts them; inside a stacked segment.
    const labelPosition = STACKED.has(type) ? 'inside' : horizontal ? 'right' : 'top';
    return {
      ...figures,
      label: { ...figures.label, position: labelPosition, fontSize: 10 },
      type: 'bar' as const,
      name: s.name,
      data: barData(s.values, ctx),
      barMaxWidth: 36,
      ...(STACKED.has(type) ? { stack: 'total' } : {}),
    };
  });
  const lineAxis = {
    ...valueAxisFor(data.series[data.series.length - 1]?.format, lineMax),
    splitLine: { show: false },
  };
  const valueAxes = lineCount > 0 ? [valueAxis, lineAxis] : valueAxis;
  return {
    color: ctx.theme.dataColors,
    grid: { left: 8, right: 12, top: ctx.showLegend ? 28 : 12, bottom: 8, containLabel: true },
    legend: legend(ctx),
    tooltip: tooltip(ctx),
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxes,
    series,
  };
}

/** Floating bars: an invisible base carries each step, green up, red down, and a closing total. */
function waterfallOption(data: CategoryData, ctx: ChartContext): ChartOption {
  const values = data.series[0]?.values.map((v) => v ?? 0) ?? [];
  const base: number[] = [];
  const rises: (number | string)[] = [];
  const falls: (number | string)[] = [];
  let running = 0;
  let top = 0;
  for (const value of values) {
    base.push(value >= 0 ? running : running + value);
    rises.push(value >= 0 ? value : '-');
    falls.push(value < 0 ? -value : '-');
    running += value;
    top = Math.max(top, Math.abs(running));
  }
  const measureFormat = data.series[0]?.format;
  const figures = seriesFigures(ctx, measureFormat, top);
  // The rises, the falls and the total: coloured bars stacked on the invisible base.
  const step = (name: string, color: string | undefined, stepData: (number | string)[]) => ({
    type: 'bar' as const,
    stack: 'w',
    ...figures,
    name,
    itemStyle: { color },
    data: stepData,
  });
  return {
    grid: { left: 8, right: 12, top: 12, bottom: 8, containLabel: true },
    tooltip: { ...tooltip(ctx), formatter: undefined },
    xAxis: {
      type: 'category',
      data: [...data.labels, ctx.totalLabel],
      ...axisStyle(ctx.theme),
      ...(ctx.categoryLabels
        ? {
            axisLabel: {
              ...axisStyle(ctx.theme).axisLabel,
              ...categoryAxisLabel(ctx.categoryLabels),
            },
          }
        : {}),
    },
    yAxis: {
      type: 'value',
      ...axisStyle(ctx.theme),
      axisLabel: {
        ...axisStyle(ctx.theme).axisLabel,
        ...valueAxisLabel(ctx, measureFormat, top),
      },
    },
    series: [
      {
        type: 'bar',
        stack: 'w',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: [...base, 0],
        tooltip: { show: false },
        // The invisible base carries no figure of its own, even with data labels on.
        label: { show: false, formatter: () => '' },
      },
      step('+', '#1AAB40', [...rises, '-']),
      step('−', '#D64550', [...falls, '-']),
      step(ctx.totalLabel, ctx.theme.dataColors[0], [...values.map(() => '-'), running]),
    ],
  };
}
