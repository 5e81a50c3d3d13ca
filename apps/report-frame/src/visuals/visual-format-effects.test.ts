/** Each format pane option's effect on the ECharts option the frame draws (decision 0239). */
import { describe, expect, it } from 'vitest';
import type { VisualDefinition, VisualType } from '../api/types.ts';
import { sampleReport } from '../../test/sample-report.ts';
import { createFormatter } from '../i18n/format.ts';
import { baseTheme } from '../state/report-state.ts';
import { cartesianOption } from './cartesian-options.ts';
import type { CategoryData } from './chart-data.ts';
import { withFormat } from './format-options.ts';
import { partToWholeOption } from './other-options.ts';

const ctx = {
  theme: baseTheme(sampleReport),
  format: createFormatter('es-ES', '(En blanco)'),
  selected: new Set<number>(),
  showLegend: true,
  totalLabel: 'Total',
};
const channels = ['Tienda', 'Mayorista', 'Online'];
const oneSeries: CategoryData = {
  categories: channels,
  labels: channels,
  series: [{ key: null, name: 'Ventas', values: [467, 298, 235] }],
};
const twoSeries: CategoryData = {
  ...oneSeries,
  series: [...oneSeries.series, { key: null, name: 'Costo', values: [300, 200, 100] }],
};

const visual = (type: VisualType, options: Record<string, unknown>): VisualDefinition => ({
  name: 'V1',
  type,
  layout: { x: 0, y: 0, z: 0, width: 400, height: 300 },
  fields: {
    category: [{ table: 'Ventas', column: 'Canal' }],
    values: [{ table: 'Ventas', measure: 'Ventas' }],
  },
  options,
});

interface Drawn {
  series: {
    name?: string;
    itemStyle?: { color?: string };
    lineStyle?: { color?: string };
    label?: { fontSize?: number };
    data: { name?: string; itemStyle: { color?: string; opacity?: number } }[];
  }[];
  xAxis: Record<string, unknown> & { splitLine?: { show?: boolean } };
  yAxis: Record<string, unknown> & { splitLine?: { show?: boolean } };
  legend: { textStyle: { fontSize: number } };
}

const column = (
  data: CategoryData,
  options: Record<string, unknown>,
  type: VisualType = 'clusteredColumnChart',
) => withFormat(visual(type, options), cartesianOption(type, data, ctx)) as unknown as Drawn;

describe('colours', () => {
  it('paints a series in the colour chosen for its name, its line too', () => {
    const drawn = column(twoSeries, { seriesColors: { Costo: '#E66C37' } });
    expect(drawn.series[1]?.itemStyle?.color).toBe('#E66C37');
    expect(drawn.series[0]?.itemStyle?.color).toBeUndefined();
    const line = column(twoSeries, { seriesColors: { Ventas: '#112233' } }, 'lineChart');
    expect(line.series[0]?.lineStyle?.color).toBe('#112233');
  });

  it("paints a chart's one series in the default colour, unless the series has its own", () => {
    expect(column(oneSeries, { defaultColor: '#744EC2' }).series[0]?.itemStyle?.color).toBe(
      '#744EC2',
    );
    const own = { defaultColor: '#744EC2', seriesColors: { Ventas: '#112233' } };
    expect(column(oneSeries, own).series[0]?.itemStyle?.color).toBe('#112233');
    const two = column(twoSeries, { defaultColor: '#744EC2' });
    expect(two.series.map((s) => s.itemStyle?.color)).toEqual([undefined, undefined]);
    const pie = partToWholeOption('pieChart', oneSeries, ctx);
    const slices = withFormat(visual('pieChart', { defaultColor: '#744EC2' }), pie);
    expect((slices as unknown as Drawn).series[0]?.itemStyle?.color).toBeUndefined();
  });

  it('paints the data points of a single series by category, keeping the selection dimming', () => {
    const drawn = column(oneSeries, { pointColors: { Online: '#744EC2' } });
    const online = drawn.series[0]?.data[2];
    expect(online?.itemStyle).toEqual({ opacity: 1, color: '#744EC2' });
    expect(drawn.series[0]?.data[0]?.itemStyle.color).toBeUndefined();
  });

  it('leaves point colours aside when the chart has several series', () => {
    const drawn = column(twoSeries, { pointColors: { Online: '#744EC2' } });
    expect(drawn.series[0]?.data[2]?.itemStyle.color).toBeUndefined();
  });

  it('paints a pie slice and a treemap tile by name', () => {
    for (const type of ['pieChart', 'treemap'] as const) {
      const option = partToWholeOption(type, oneSeries, ctx);
      const drawn = withFormat(visual(type, { pointColors: { Mayorista: '#D9B300' } }), option);
      const slice = (drawn as unknown as Drawn).series[0]?.data.find((d) => d.name === 'Mayorista');
      expect(slice?.itemStyle.color).toBe('#D9B300');
    }
  });
});

describe('axes', () => {
  it('hides an axis set not visible (Power BI\'s axis "visible"), and draws it when unset', () => {
    const hidden = column(oneSeries, { categoryAxis: { show: false }, valueAxis: { show: false } });
    expect(hidden.xAxis['show']).toBe(false);
    expect(hidden.yAxis['show']).toBe(false);
    const drawn = column(oneSeries, { valueAxis: { show: false } });
    expect(drawn.xAxis['show']).toBeUndefined();
    expect(drawn.yAxis['show']).toBe(false);
  });

  it('titles the axes with the typed text, or the field name when none is typed', () => {
    const drawn = column(oneSeries, {
      categoryAxis: { showTitle: true },
      valueAxis: { showTitle: true, title: 'Ingresos' },
    });
    expect(drawn.xAxis).toMatchObject({ name: 'Canal', nameLocation: 'middle' });
    expect(drawn.yAxis).toMatchObject({ name: 'Ingresos', nameLocation: 'middle' });
  });

  it('keeps titles inside the visual and clear of rotated labels; untitled charts keep their grid', () => {
    const titled = column(oneSeries, { categoryAxis: { showTitle: true } }) as unknown as {
      grid: Record<string, unknown>;
    };
    // ECharts 6 moves a title past its labels only under `outerBoundsContain`, not `containLabel`.
    expect(titled.grid).toMatchObject({ outerBoundsMode: 'same', outerBoundsContain: 'all' });
    expect(titled.grid['containLabel']).toBeUndefined();
    const plain = column(oneSeries, { gridlines: false }) as unknown as {
      grid: Record<string, unknown>;
    };
    expect(plain.grid['containLabel']).toBe(true);
  });

  it('puts the value axis range on the value axis of a horizontal bar chart', () => {
    const drawn = column(oneSeries, { valueAxis: { min: 100, max: 900 } }, 'clusteredBarChart');
    expect(drawn.xAxis).toMatchObject({ type: 'value', min: 100, max: 900 });
    expect(drawn.yAxis['min']).toBeUndefined();
  });

  it('turns the gridlines off, and leaves them as the theme draws them when unset', () => {
    expect(column(oneSeries, { gridlines: false }).yAxis.splitLine?.show).toBe(false);
    expect(column(oneSeries, {}).yAxis.splitLine?.show).toBeUndefined();
  });
});

describe('tooltips', () => {
  it('switches the tooltip off when showTooltips is false, and leaves it otherwise', () => {
    const off = column(oneSeries, { showTooltips: false }) as unknown as { tooltip: object };
    expect(off.tooltip).toMatchObject({ show: false, trigger: 'axis' });
    const on = column(oneSeries, { showTooltips: true }) as unknown as { tooltip: object };
    expect(on.tooltip).not.toHaveProperty('show');
  });
});

describe('font size', () => {
  it('sizes the data labels, the axis labels and the legend', () => {
    const drawn = column(twoSeries, { fontSize: 16 });
    expect(drawn.series.map((s) => s.label?.fontSize)).toEqual([16, 16]);
    expect(drawn.xAxis).toMatchObject({ axisLabel: { fontSize: 16 } });
    expect(drawn.legend.textStyle.fontSize).toBe(16);
  });
});

describe('unset or malformed options', () => {
  it('returns the very option when nothing is set, and ignores a malformed key', () => {
    const option = cartesianOption('clusteredColumnChart', oneSeries, ctx);
    expect(withFormat(visual('clusteredColumnChart', {}), option)).toBe(option);
    expect(withFormat(visual('clusteredColumnChart', { gridlines: 'no' }), option)).toBe(option);
  });
});
