import { filterSchema } from '@vitrina/bi-model';
import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { filterKind } from '../query/filter-types.ts';
import { rankingFields } from './FilterAdder.tsx';
import {
  addFilter,
  filterKindsFor,
  filterLevelsFor,
  newFilter,
  type NewFilterKind,
} from './filter-edits.ts';

const country = { table: 'Tienda', column: 'País' };
const sales = { table: 'Ventas', measure: 'Ventas' };

describe('filters from the Data pane', () => {
  it('makes a valid powerbi-models filter of each kind, read back as that kind', () => {
    const kinds: NewFilterKind[] = ['basic', 'advanced', 'relativeDate', 'topN'];
    for (const kind of kinds) {
      const filter = newFilter(kind, country, sales);
      expect(filterSchema.safeParse(filter).success).toBe(true);
      expect(filterKind(filter)).toBe(kind);
      expect(filter.$schema).toBe(`http://powerbi.com/product/schema#${kind}`);
    }
    expect(() => newFilter('topN', country)).toThrow(/rank/);
  });

  it('offers kinds by data type, the default first: dates relative, numbers advanced, text basic', () => {
    const column = (dataType: 'date' | 'number' | 'string') => ({
      target: { table: 'T', column: 'C' },
      dataType,
    });
    expect(filterKindsFor(column('date'), true)).toEqual([
      'relativeDate',
      'basic',
      'advanced',
      'topN',
    ]);
    expect(filterKindsFor(column('number'), true)[0]).toBe('advanced');
    expect(filterKindsFor(column('string'), true)).toEqual(['basic', 'advanced', 'topN']);
    // Nothing to rank by: no top N; relative date only ever for dates.
    expect(filterKindsFor(column('string'), false)).toEqual(['basic', 'advanced']);
    expect(filterKindsFor({ target: sales }, true)).toEqual(['advanced']);
  });

  it('filters a measure per visual only, as Power BI does', () => {
    expect(filterLevelsFor({ target: sales }, true)).toEqual(['visual']);
    expect(filterLevelsFor({ target: sales }, false)).toEqual([]);
    const text = { target: country, dataType: 'string' as const };
    expect(filterLevelsFor(text, false)).toEqual(['report', 'page']);
  });

  it('ranks top N by the selected visual’s values first, then by each measure once', () => {
    const visual = sampleReport.definition.pages[0]!.visuals.find((v) => v.name === 'V4')!;
    const summed = { table: 'Ventas', column: 'Importe', aggregation: 'Sum' as const };
    const withValue = { ...visual, fields: { ...visual.fields, values: [summed, sales] } };
    expect(rankingFields(sampleReport.dataset, withValue)).toEqual([summed, sales]);
    expect(rankingFields(sampleReport.dataset, undefined)).toEqual([sales]);
  });

  it('adds the filter at the chosen level only', () => {
    const page = sampleReport.definition.pages[0]!;
    const filter = newFilter('advanced', country);
    const atVisual = addFilter(sampleReport.definition, 'visual', filter, page.name, 'V4');
    const v4 = atVisual.pages[0]!.visuals.find((v) => v.name === 'V4')!;
    expect(v4.filters).toEqual([filter]);
    expect(atVisual.filters ?? []).toEqual(sampleReport.definition.filters ?? []);
    // No visual selected: a visual-level filter has nowhere to go.
    expect(addFilter(sampleReport.definition, 'visual', filter, page.name, null)).toBe(
      sampleReport.definition,
    );
  });
});
