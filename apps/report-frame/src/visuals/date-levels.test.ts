import { describe, expect, it } from 'vitest';
import type { QueryResult, VisualDefinition } from '../api/types.ts';
import { createFormatter } from '../i18n/format.ts';
import { messagesFor } from '../i18n/messages.ts';
import { categoryData } from './chart-data.ts';
import { tableColumnWriter } from './date-levels.ts';

const visual: VisualDefinition = {
  name: 'V',
  type: 'clusteredColumnChart',
  layout: { x: 0, y: 0, width: 400, height: 300, z: 0 },
  fields: {
    category: [{ table: 'Ventas', column: 'Fecha', datePart: 'month' }],
    values: [{ table: 'Ventas', measure: 'Total' }],
  },
};
const answer = (datePart: 'year' | 'quarter' | 'month', values: number[]): QueryResult => ({
  columns: [
    { name: 'Mes', type: 'integer', datePart },
    { name: 'Total', type: 'number' },
  ],
  rows: values.map((value) => [value, 10]),
  truncated: false,
});
const labels = (result: QueryResult, language: 'es' | 'en') =>
  categoryData(visual, result, createFormatter(language, '(En blanco)'), messagesFor(language))
    .labels;

describe('date level labels on an axis', () => {
  it('names months and quarters in the language, keeping the service’s time order', () => {
    expect(labels(answer('month', [1, 2, 12]), 'es')).toEqual(['ene', 'feb', 'dic']);
    expect(labels(answer('month', [1, 2, 12]), 'en')).toEqual(['Jan', 'Feb', 'Dec']);
    expect(labels(answer('quarter', [1, 4]), 'es')).toEqual(['Trim. 1', 'Trim. 4']);
    expect(labels(answer('quarter', [1, 4]), 'en')).toEqual(['Qtr 1', 'Qtr 4']);
  });

  it('writes a year without a thousands separator', () => {
    expect(labels(answer('year', [2024, 2025]), 'es')).toEqual(['2024', '2025']);
  });
});

describe('date level cells in a table', () => {
  it('names the month of a month level, and writes other columns as numbers', () => {
    const es = createFormatter('es', '(En blanco)');
    const month = tableColumnWriter(
      { type: 'integer', datePart: 'month' },
      [1, 12],
      es,
      messagesFor('es'),
    );
    expect([month(1), month(12)]).toEqual(['ene', 'dic']);
    const total = tableColumnWriter({ type: 'integer' }, [1, 12], es, messagesFor('es'));
    expect(total(12)).toBe('12');
  });
});
