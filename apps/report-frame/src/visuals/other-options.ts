/** Pie, donut, treemap, funnel, scatter and gauge. */
import type { QueryResult, VisualType } from '../api/types.ts';
import type { ChartOption } from './echarts.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import type { CategoryData } from './chart-data.ts';
import {
  axisStyle,
  largestValue,
  legend,
  pointOpacity,
  tooltip,
  valueAxisLabel,
  type ChartContext,
} from './chart-style.ts';

function namedValues(data: CategoryData, ctx: ChartContext) {
  const values = data.series[0]?.values ?? [];
  return data.labels.map((name, i) => ({
    name,
    value: values[i] ?? 0,
    itemStyle: { opacity: pointOpacity(ctx, i) },
  }));
}

/** Rough widths of 11 px text, enough to tell whether a pie's labels reach its legend. */
const CHAR_WIDTH = 6.5;
const LEGEND_MARK = 8 + 5 + 10; // the item's circle, its gap to the text, the legend's padding
const LABEL_REACH = 8 + 6 + '46,7 %'.length * CHAR_WIDTH; // label line's two segments, the text
const PIE_RADIUS = 0.72;

/**
 * Whether a pie's legend can stand on its right: the slice labels outside the pie (centred at
 * 40 % of the width) must end before the legend's longest name begins. A narrow visual (the
 * editor's canvas, a small tile) puts the legend below instead.
 */
export function pieLegendFitsBeside(labels: string[], width: number, height: number): boolean {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const legendWidth = LEGEND_MARK + longest * CHAR_WIDTH;
  const radius = (PIE_RADIUS * Math.min(width, height)) / 2;
  return 0.4 * width + radius + LABEL_REACH <= width - legendWidth;
}

function pieLegend(ctx: ChartContext, beside: boolean) {
  return beside
    ? { ...legend(ctx), orient: 'vertical' as const, left: 'right', top: 'middle' }
    : { ...legend(ctx), orient: 'horizontal' as const, left: 'center', top: 'bottom' };
}

function pieRadius(type: VisualType, outer: number): string[] {
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  return [type === 'donutChart' ? percent((outer * 48) / 72) : '0%', percent(outer)];
}

function pieCenter(ctx: ChartContext, legendBeside: boolean): string[] {
  if (!ctx.showLegend) return ['50%', '52%'];
  return legendBeside ? ['40%', '52%'] : ['50%', '45%'];
}

export function partToWholeOption(
  type: VisualType,
  data: CategoryData,
  ctx: ChartContext,
  legendBeside = true,
): ChartOption {
  const items = namedValues(data, ctx);
  const measureFormat = data.series[0]?.format;
  const format = ctx.format.figures(
    measureFormat,
    largestValue(data.series.slice(0, 1).map((s) => s.values)),
    'chart',
    ctx.numberFormat,
  );
  const itemTooltip = {
    ...tooltip(ctx, 'item'),
    valueFormatter: (value: unknown) =>
      typeof value === 'number' ? ctx.format.value(value, 'number', measureFormat) : String(value),
  };
  // Treemap and funnel: one series of items in the theme's colours, no legend.
  const itemsChart = (series: Record<string, unknown>): ChartOption => ({
    color: ctx.theme.dataColors,
    tooltip: itemTooltip,
    series: [series],
  });
  if (type === 'treemap') {
    return itemsChart({
      type: 'treemap',
      data: items.map((item, i) => ({
        ...item,
        itemStyle: {
          ...item.itemStyle,
          color: ctx.theme.dataColors[i % ctx.theme.dataColors.length],
        },
      })),
      roam: false,
      nodeClick: false,
      breadcrumb: { show: false },
      // Pinned to all four edges: ECharts' default centring of a 100 % tile area left room
      // above it and cut the bottom row of tiles off.
      left: 0,
      top: 0,
      right: 0,
      bottom: 0,
      label: { show: true, formatter: '{b}', fontSize: 11 },
      itemStyle: { borderColor: '#FFFFFF', borderWidth: 2, gapWidth: 2 },
    });
  }
  if (type === 'funnel') {
    return itemsChart({
      type: 'funnel',
      left: '10%',
      width: '80%',
      top: 8,
      bottom: 8,
      sort: 'descending',
      gap: 2,
      label: {
        show: true,
        position: 'inside',
        formatter: (p: { name: string; value: number }) => `${p.name}\n${format(p.value)}`,
        fontSize: 11,
      },
      data: items,
    });
  }
  return {
    color: ctx.theme.dataColors,
    legend: pieLegend(ctx, legendBeside),
    tooltip: itemTooltip,
    series: [
      {
        type: 'pie',
        // Below, the legend takes a line of the height: a smaller pie keeps its labels off it.
        radius: pieRadius(type, ctx.showLegend && !legendBeside ? 0.62 : PIE_RADIUS),
        center: pieCenter(ctx, legendBeside),
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#FFFFFF', borderWidth: 1 },
        label: {
          show: true,
          formatter: (p: { percent: number }) =>
            ctx.format.value(p.percent / 100, 'number', '0.0%'),
          fontSize: 11,
          color: '#605E5C',
        },
        // Short label lines: with ECharts' longer defaults the labels of small slices on the
        // left, pushed sideways to avoid each other, ran out of room and were cut to "…".
        labelLine: { length: 8, length2: 6 },
        data: items,
      },
    ],
  };
}

const numberAt = (row: unknown[], index: number) => {
  const cell = row[index];
  return typeof cell === 'number' ? cell : null;
};

/** Scatter rows: [category?, x, y, size?]. */
export function scatterOption(
  result: QueryResult,
  hasCategory: boolean,
  ctx: ChartContext,
): ChartOption {
  const offset = hasCategory ? 1 : 0;
  const sizes = result.rows.map((row) => numberAt(row, offset + 2) ?? 0);
  const maxSize = Math.max(1, ...sizes);
  const axisFor = (column: number) => ({
    type: 'value' as const,
    ...axisStyle(ctx.theme),
    axisLabel: {
      ...axisStyle(ctx.theme).axisLabel,
      ...valueAxisLabel(
        ctx,
        result.columns[offset + column]?.format,
        largestValue([result.rows.map((row) => numberAt(row, offset + column))]),
      ),
    },
    scale: true,
  });
  return {
    color: ctx.theme.dataColors,
    grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
    tooltip: {
      ...tooltip(ctx, 'item'),
      // A custom formatter's text is HTML: the dataset's category name must arrive as text.
      formatter: (p: { data: { name: string; value: number[] } }) =>
        `<b>${escapeHtml(p.data.name)}</b><br/>${p.data.value
          .slice(0, 2)
          .map((v, i) => ctx.format.value(v, 'number', result.columns[offset + i]?.format))
          .join(' · ')}`,
    },
    xAxis: axisFor(0),
    yAxis: axisFor(1),
    series: [
      {
        type: 'scatter',
        symbolSize: (value: number[]) => 8 + 22 * Math.sqrt((value[2] ?? 0) / maxSize),
        data: result.rows.map((row, i) => ({
          name: hasCategory ? String(row[0]) : '',
          value: [row[offset], row[offset + 1], sizes[i]],
          itemStyle: { opacity: pointOpacity(ctx, i) * 0.85 },
        })),
      },
    ],
  };
}

export function gaugeOption(
  value: number,
  target: number | undefined,
  ctx: ChartContext,
  format?: string,
): ChartOption {
  const max = Math.max(value, target ?? 0) * 1.25 || 1;
  const color = ctx.theme.dataColors[0];
  const arc = {
    type: 'gauge' as const,
    startAngle: 200,
    endAngle: -20,
    min: 0,
    max,
    radius: '95%',
    center: ['50%', '62%'],
    axisTick: { show: false },
    splitLine: { show: false },
    axisLabel: { show: false },
    title: { show: false },
  };
  return {
    series: [
      {
        ...arc,
        progress: { show: true, width: 18, itemStyle: { color } },
        axisLine: { lineStyle: { width: 18, color: [[1, '#EDEBE9']] } },
        pointer: { show: false },
        anchor: { show: false },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, '-5%'],
          fontSize: 22,
          fontWeight: 600,
          color: ctx.theme.foreground,
          formatter: (v: number) => ctx.format.headline(v, 'number', format, ctx.numberFormat),
        },
        data: [{ value }],
      },
      // The target is a second, bare gauge that only draws its pointer as a marker on the arc.
      ...(target !== undefined
        ? [
            {
              ...arc,
              axisLine: { show: false },
              detail: { show: false },
              pointer: {
                show: true,
                length: '30%',
                width: 4,
                offsetCenter: [0, '-72%'],
                itemStyle: { color: '#252423' },
              },
              data: [{ value: target }],
            },
          ]
        : []),
    ],
  };
}
