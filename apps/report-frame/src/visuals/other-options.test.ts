import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { createFormatter } from '../i18n/format.ts';
import { baseTheme } from '../state/report-state.ts';
import { scatterOption } from './other-options.ts';

const payload = '<img src=x onerror=alert(1)>';

describe('scatterOption', () => {
  it('writes the category name into its tooltip as text, not markup', () => {
    const ctx = {
      theme: baseTheme(sampleReport),
      format: createFormatter('es-ES', '(En blanco)'),
      selected: new Set<number>(),
      showLegend: false,
      totalLabel: 'Total',
    };
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
