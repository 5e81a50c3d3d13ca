import { describe, expect, it } from 'vitest';
import { aggregationLabel, aggregationsFor } from './aggregations.ts';
import { editorMessagesFor } from './editor-messages.ts';

const es = editorMessagesFor('es');
const menu = (type: Parameters<typeof aggregationsFor>[0]) =>
  aggregationsFor(type).map((a) => aggregationLabel(a, type, es));

describe('the aggregations a field offers follow its type', () => {
  it('offers every aggregation for numbers', () => {
    expect(menu('number')).toEqual([
      'Suma',
      'Promedio',
      'Mínimo',
      'Máximo',
      'Recuento',
      'Recuento (distintos)',
    ]);
    expect(menu('integer')).toEqual(menu('number'));
  });

  it('offers first and last, never a sum or an average, for dates and texts', () => {
    expect(menu('date')).toEqual(['Primera', 'Última', 'Recuento', 'Recuento (distintos)']);
    expect(menu('string')).toEqual(['Primero', 'Último', 'Recuento', 'Recuento (distintos)']);
    expect(menu('boolean')).toEqual(['Recuento', 'Recuento (distintos)']);
  });

  it('names them in English under en', () => {
    const en = editorMessagesFor('en');
    expect(aggregationsFor('date').map((a) => aggregationLabel(a, 'date', en))).toEqual([
      'Earliest',
      'Latest',
      'Count',
      'Count (distinct)',
    ]);
  });
});
