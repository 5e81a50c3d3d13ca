/**
 * Every chart drawn with ECharts: shapes the result, builds the option and turns clicks into
 * selections. While ECharts' chunk is not there, a chart a sketch can draw is drawn as its sketch
 * (decision 0328), and ECharts takes over with the geometry the sketch stated.
 */
import { useMemo } from 'react';
import type { DatasetSchema, QueryResult, VisualDefinition } from '../api/types.ts';
import { axisFieldAtDepth, filterTargetOf } from '@vitrina/bi-model/visual-queries';
import type { Scalar } from '../query/filter-types.ts';
import { cartesianOption } from './cartesian-options.ts';
import { categoryData } from './chart-data.ts';
import type { ChartContext } from './chart-style.ts';
import type { ChartEvent } from './EChart.tsx';
import { useChartTakeover } from './chart-takeover.ts';
import { sketchChart } from './sketch/sketch-chart.ts';
import { SketchedChart } from './sketch/SketchedChart.tsx';
import { partToWholeOption, pieLegendFitsBeside, scatterOption } from './other-options.ts';
import { useServices, type PointRef } from './services.ts';
import { withFormat } from './format-options.ts';
import { numberFormatOf } from '../format/visual-format.ts';
import { barLabelLayout, columnLabelLayout } from './category-labels.ts';

interface Props {
  visual: VisualDefinition;
  schema: DatasetSchema;
  result: QueryResult;
  width: number;
  height: number;
  drillDepth: number;
  selectedValues: Scalar[];
}

const PART_TO_WHOLE = new Set(['pieChart', 'donutChart', 'treemap', 'funnel']);
const BAR_CHARTS = new Set(['clusteredBarChart', 'stackedBarChart']);

export function ChartVisual({
  visual,
  schema,
  result,
  width,
  height,
  drillDepth,
  selectedValues,
}: Props) {
  const services = useServices();
  const { format, theme, messages } = services;
  const data = useMemo(
    () => categoryData(visual, result, format, messages),
    [visual, result, format, messages],
  );
  const category = visual.fields.category?.[0];
  const categoryField = axisFieldAtDepth(schema, visual.fields.category ?? [], drillDepth);

  // Only the answer, not the size itself, so resizing does not rebuild every chart's option.
  const legendBeside =
    PART_TO_WHOLE.has(visual.type) && pieLegendFitsBeside(data.labels, width, height);
  const labelLayout = (BAR_CHARTS.has(visual.type) ? barLabelLayout : columnLabelLayout)(
    visual.type === 'waterfallChart' ? [...data.labels, messages.total] : data.labels,
    width,
    height,
  );
  const { rotate, interval, width: labelWidth } = labelLayout;
  const option = useMemo(() => {
    const selected = new Set<number>();
    data.categories.forEach((c, i) => c !== null && selectedValues.includes(c) && selected.add(i));
    const ctx: ChartContext = {
      theme,
      format,
      selected,
      showLegend:
        data.series.length > 1 || visual.type === 'pieChart' || visual.type === 'donutChart',
      totalLabel: messages.total,
      numberFormat: numberFormatOf(visual.options),
      categoryLabels: { rotate, interval, width: labelWidth },
    };
    if (visual.type === 'scatterChart') return scatterOption(result, !!category, ctx);
    if (PART_TO_WHOLE.has(visual.type))
      return partToWholeOption(visual.type, data, ctx, legendBeside);
    const lineCount =
      visual.type === 'lineClusteredColumnComboChart' ? (visual.fields.y?.length ?? 0) : 0;
    return cartesianOption(visual.type, data, ctx, lineCount);
  }, [
    data,
    selectedValues,
    theme,
    format,
    messages,
    visual,
    result,
    category,
    legendBeside,
    rotate,
    interval,
    labelWidth,
  ]);
  const formatted = useMemo(() => withFormat(visual, option), [visual, option]);
  const sketch = useMemo(
    () => sketchChart(formatted as Record<string, unknown>, width, height, theme.fontFamily),
    [formatted, width, height, theme.fontFamily],
  );
  const { charts, handOver, press } = useChartTakeover(sketch !== undefined);

  const pointAt = (event: ChartEvent): PointRef[] => {
    if (!categoryField) return [];
    const value =
      visual.type === 'scatterChart'
        ? result.rows[event.dataIndex]?.[0]
        : data.categories[event.dataIndex];
    if (value === null || value === undefined) return [];
    const points: PointRef[] = [{ target: filterTargetOf(schema, categoryField), value }];
    const seriesField = visual.fields.series?.[0];
    const seriesKey = data.series[event.seriesIndex]?.key;
    if (seriesField && seriesKey !== null && seriesKey !== undefined) {
      points.push({ target: filterTargetOf(schema, seriesField), value: seriesKey });
    }
    return points;
  };

  const onSelect = (event: ChartEvent, multi: boolean) =>
    services.select(visual, pointAt(event), multi);
  if (!charts) {
    if (!sketch) return null;
    return (
      <SketchedChart
        shapes={sketch.shapes}
        room={{ width, height, fontFamily: theme.fontFamily }}
        on={{ select: onSelect, enter: handOver, press }}
      />
    );
  }
  return (
    <charts.EChart
      option={sketch?.option ?? formatted}
      width={width}
      height={height}
      fontFamily={theme.fontFamily}
      onSelect={onSelect}
      onDrill={(event) => {
        const value = data.categories[event.dataIndex];
        if (value !== null && value !== undefined) services.drill(visual, 'down', value);
      }}
    />
  );
}
