import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { createFormatter } from '../i18n/format.ts';
import { baseTheme } from '../state/report-state.ts';
import { cartesianOption } from './cartesian-options.ts';
import type { ChartContext } from './chart-style.ts';
import { withFormat } from './format-options.ts';
import { partToWholeOption } from './other-options.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');
const regions = ['Lima', 'Arequipa', 'Cusco'];
const data = {
  categories: regions,
  labels: regions,
  series: [
    {
      key: null,
      name: 'Ventas',
      values: [905103.0100000013, 412000.5, 89326.31000000007],
      format: '"S/" #,0.00',
    },
  ],
};
const context = (numberFormat?: ChartContext['numberFormat']): ChartContext => ({
  theme: baseTheme(sampleReport),
  format: createFormatter('es-ES', '(En blanco)'),
  selected: new Set<number>(),
  showLegend: false,
  totalLabel: 'Total',
  ...(numberFormat ? { numberFormat } : {}),
});

type Labelled = {
  series: {
    label: { show: boolean; formatter: (p: { value: unknown }) => string };
    tooltip: { valueFormatter: (v: unknown) => string };
  }[];
  yAxis: { axisLabel: { formatter: (v: number) => string } };
};

describe('figures drawn by a chart', () => {
  it('writes data labels in the unit of the largest bar, tooltips in the full model format', () => {
    const visual = {
      ...sampleReport.definition.pages[0]!.visuals[0]!,
      options: { dataLabels: true },
    };
    const option = withFormat(
      visual,
      cartesianOption('clusteredColumnChart', data, context()),
    ) as unknown as Labelled;
    const [series] = option.series;
    expect(series!.label.show).toBe(true);
    expect(plain(series!.label.formatter({ value: { value: 905103.0100000013 } }))).toBe(
      'S/ 905 mil',
    );
    expect(plain(series!.label.formatter({ value: 89326.31000000007 }))).toBe('S/ 89 mil');
    expect(series!.tooltip.valueFormatter(905103.0100000013)).toBe('S/ 905.103,01');
    expect(plain(option.yAxis.axisLabel.formatter(200000))).toBe('S/ 200 mil');
  });

  it("follows the visual's own display units and decimals", () => {
    const option = cartesianOption(
      'clusteredColumnChart',
      data,
      context({ displayUnits: 'millions', decimals: 2 }),
    ) as unknown as Labelled;
    expect(plain(option.series[0]!.label.formatter({ value: 905103.0100000013 }))).toBe(
      'S/ 0,91 M',
    );
  });

  it('pins the treemap to the four edges of its box, so its bottom tiles are not cut off', () => {
    const option = partToWholeOption('treemap', data, context()) as unknown as {
      series: Record<string, unknown>[];
    };
    expect(option.series[0]).toMatchObject({ left: 0, top: 0, right: 0, bottom: 0 });
    expect(option.series[0]).not.toHaveProperty('height');
  });
});
