import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { createFormatter } from '../i18n/format.ts';
import { baseTheme } from '../state/report-state.ts';
import { partToWholeOption, pieLegendFitsBeside, scatterOption } from './other-options.ts';

const payload = '<img src=x onerror=alert(1)>';

const context = (showLegend: boolean) => ({
  theme: baseTheme(sampleReport),
  format: createFormatter('es-ES', '(En blanco)'),
  selected: new Set<number>(),
  showLegend,
  totalLabel: 'Total',
});

describe('pie legend placement', () => {
  const channels = ['Tienda', 'Mayorista', 'Online'];
  const data = {
    categories: channels,
    labels: channels,
    series: [{ key: null, name: 'Ventas', values: [46.7, 29.8, 23.5] }],
  };
  type PieOption = {
    legend: { orient: string; top: string };
    series: { radius: string[]; center: string[] }[];
  };

  it('keeps the legend on the right of a pie drawn at the report size, as before', () => {
    // "Ventas por canal" in the reading view of the demo report.
    expect(pieLegendFitsBeside(channels, 444, 200)).toBe(true);
    const option = partToWholeOption('donutChart', data, context(true), true) as PieOption;
    expect(option.legend).toMatchObject({ orient: 'vertical', top: 'middle' });
    expect(option.series[0]).toMatchObject({ radius: ['48%', '72%'], center: ['40%', '52%'] });
  });

  it('moves the legend below a narrow pie, where "46,7 %" would be written over "Mayorista"', () => {
    // The same visual in the editor's narrower canvas.
    expect(pieLegendFitsBeside(channels, 285, 110)).toBe(false);
    const option = partToWholeOption('donutChart', data, context(true), false) as PieOption;
    expect(option.legend).toMatchObject({ orient: 'horizontal', top: 'bottom' });
    expect(option.series[0]).toMatchObject({ radius: ['41%', '62%'], center: ['50%', '45%'] });
  });

  it('draws short label lines, so the labels of small slices pushed aside are not cut to "…"', () => {
    // "Ventas por marca (top 8)" at 1440 px wrote "7,1..." and "..." with ECharts' 15 + 15 px.
    const option = partToWholeOption('pieChart', data, context(true), true) as PieOption & {
      series: { labelLine: { length: number; length2: number } }[];
    };
    const { length, length2 } = option.series[0]!.labelLine;
    expect(length + length2).toBeLessThanOrEqual(14);
  });
});

describe('scatterOption', () => {
  it('writes the category name into its tooltip as text, not markup', () => {
    const ctx = context(false);
    const result = {
      columns: [
        { name: 'Tienda', type: 'string' as const },
        { name: 'Ventas', type: 'number' as const },
        { name: 'Margen', type: 'number' as const },
      ],
      rows: [[payload, 10, 2]],
      truncated: false,
    };
    const option = scatterOption(result, true, ctx) as {
      tooltip: { formatter(p: { data: { name: string; value: number[] } }): string };
    };
    const html = option.tooltip.formatter({ data: { name: payload, value: [10, 2] } });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
});
