/** Bar, column (clustered and stacked), line, area, combo and waterfall charts. */
import type { VisualType } from '../api/types.ts';
import type { ChartOption } from './echarts.ts';
import type { CategoryData } from './chart-data.ts';
import {
  axisStyle,
  legend,
  pointOpacity,
  tooltip,
  valueAxisLabel,
  type ChartContext,
} from './chart-style.ts';

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
    axisLabel: { ...axisStyle(ctx.theme).axisLabel, hideOverlap: true },
    inverse: horizontal,
  };
  const valueAxisFor = (measureFormat: string | undefined) => ({
    type: 'value' as const,
    ...axisStyle(ctx.theme),
    axisLabel: { ...axisStyle(ctx.theme).axisLabel, ...valueAxisLabel(ctx.format, measureFormat) },
  });
  const valueAxis = valueAxisFor(data.series[0]?.format);
  const barCount = data.series.length - lineCount;
  const series = data.series.map((s, i) => {
    const asLine = type === 'lineChart' || type === 'areaChart' || (lineCount > 0 && i >= barCount);
    if (asLine) {
      return {
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
    return {
      type: 'bar' as const,
      name: s.name,
      data: barData(s.values, ctx),
      barMaxWidth: 36,
      ...(STACKED.has(type) ? { stack: 'total' } : {}),
    };
  });
  const lineAxis = {
    ...valueAxisFor(data.series[data.series.length - 1]?.format),
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
  for (const value of values) {
    base.push(value >= 0 ? running : running + value);
    rises.push(value >= 0 ? value : '-');
    falls.push(value < 0 ? -value : '-');
    running += value;
  }
  return {
    grid: { left: 8, right: 12, top: 12, bottom: 8, containLabel: true },
    tooltip: { ...tooltip(ctx), formatter: undefined },
    xAxis: { type: 'category', data: [...data.labels, ctx.totalLabel], ...axisStyle(ctx.theme) },
    yAxis: {
      type: 'value',
      ...axisStyle(ctx.theme),
      axisLabel: { ...axisStyle(ctx.theme).axisLabel, ...valueAxisLabel(ctx.format) },
    },
    series: [
      {
        type: 'bar',
        stack: 'w',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: [...base, 0],
        tooltip: { show: false },
      },
      {
        type: 'bar',
        stack: 'w',
        name: '+',
        itemStyle: { color: '#1AAB40' },
        data: [...rises, '-'],
      },
      {
        type: 'bar',
        stack: 'w',
        name: '−',
        itemStyle: { color: '#D64550' },
        data: [...falls, '-'],
      },
      {
        type: 'bar',
        stack: 'w',
        name: ctx.totalLabel,
        itemStyle: { color: ctx.theme.dataColors[0] },
        data: [...values.map(() => '-'), running],
      },
    ],
  };
}
