import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import type { VisualDefinition } from '../api/types.ts';
import { queriesForVisual } from '@vitrina/bi-model/visual-queries';

const page = sampleReport.definition.pages[0]!;
const visual = (name: string) => page.visuals.find((v) => v.name === name)!;
const schema = sampleReport.dataset;

describe('queriesForVisual', () => {
  it('asks a card for its measures without grouping', () => {
    expect(queriesForVisual({ visual: visual('V1'), schema, filters: [] })).toEqual({
      totals: { groupBy: [], measures: [{ table: 'Ventas', measure: 'Ventas' }], filters: [] },
    });
  });

  it('groups a line chart by the hierarchy level of its drill depth, in time order', () => {
    const top = queriesForVisual({ visual: visual('V2'), schema, filters: [] })['main']!;
    expect(top.groupBy).toEqual([
      { table: 'Calendario', hierarchy: 'Fecha', hierarchyLevel: 'Año' },
    ]);
    expect(top.orderBy).toEqual([{ field: top.groupBy?.[0], direction: 1 }]);
    const drilled = queriesForVisual({ visual: visual('V2'), schema, filters: [], drillDepth: 2 })[
      'main'
    ]!;
    expect(drilled.groupBy).toEqual([
      { table: 'Calendario', hierarchy: 'Fecha', hierarchyLevel: 'Mes' },
    ]);
  });

  it('walks a date hierarchy on a column chart level by level, in time order', () => {
    const levels = (['year', 'quarter'] as const).map((datePart) => ({
      table: 'Ventas',
      column: 'Fecha',
      datePart,
    }));
    const chart = { ...visual('V4'), fields: { ...visual('V4').fields, category: levels } };
    const quarters = queriesForVisual({ visual: chart, schema, filters: [], drillDepth: 1 })[
      'main'
    ]!;
    expect(quarters.groupBy).toEqual([levels[1]]);
    expect(quarters.orderBy).toEqual([{ field: levels[1], direction: 1 }]);
  });

  it('orders a bar chart by its value, largest first, unless a sort is set', () => {
    const byValue = queriesForVisual({ visual: visual('V4'), schema, filters: [] })['main']!;
    expect(byValue.orderBy).toEqual([
      { field: { table: 'Ventas', measure: 'Ventas' }, direction: 2 },
    ]);
    const sorted = queriesForVisual({
      visual: visual('V4'),
      schema,
      filters: [],
      sort: { target: { table: 'Tienda', column: 'País' }, direction: 1 },
    })['main']!;
    expect(sorted.orderBy).toEqual([{ field: { table: 'Tienda', column: 'País' }, direction: 1 }]);
  });

  it('lists slicer values, and asks a range slicer for its bounds', () => {
    expect(
      queriesForVisual({ visual: visual('V3'), schema, filters: [] })['values']!.groupBy,
    ).toEqual([{ table: 'Tienda', column: 'País' }]);
    const between: VisualDefinition = { ...visual('V3'), options: { mode: 'between' } };
    // A range needs an order: on a text column the slicer stays a list.
    expect(queriesForVisual({ visual: between, schema, filters: [] })['values']).toBeDefined();
    const onAmounts: VisualDefinition = {
      ...between,
      fields: { category: [{ table: 'Ventas', column: 'Importe' }] },
    };
    expect(queriesForVisual({ visual: onAmounts, schema, filters: [] })['range']!.measures).toEqual(
      [
        { table: 'Ventas', column: 'Importe', aggregation: 'Min' },
        { table: 'Ventas', column: 'Importe', aggregation: 'Max' },
      ],
    );
  });

  it('splits table fields into groupings and measures and adds a totals query', () => {
    const table: VisualDefinition = {
      ...visual('V4'),
      type: 'tableEx',
      fields: {
        values: [
          { table: 'Ventas', measure: 'Ventas' },
          { table: 'Tienda', column: 'País' },
        ],
      },
    };
    const queries = queriesForVisual({ visual: table, schema, filters: [] });
    expect(queries['rows']!.groupBy).toEqual([{ table: 'Tienda', column: 'País' }]);
    expect(queries['rows']!.measures).toEqual([{ table: 'Ventas', measure: 'Ventas' }]);
    expect(queries['totals']!.groupBy).toEqual([]);
  });

  it('asks a matrix for every subtotal level, with and without its columns', () => {
    const matrix: VisualDefinition = {
      ...visual('V4'),
      type: 'pivotTable',
      fields: {
        category: [
          { table: 'Tienda', column: 'País' },
          { table: 'Calendario', column: 'Año' },
        ],
        columns: [{ table: 'Calendario', column: 'Trimestre' }],
        values: [{ table: 'Ventas', measure: 'Ventas' }],
      },
    };
    const names = Object.keys(queriesForVisual({ visual: matrix, schema, filters: [] })).sort();
    expect(names).toEqual([
      'rows0',
      'rows0+columns',
      'rows1',
      'rows1+columns',
      'rows2',
      'rows2+columns',
    ]);
  });

  it('passes the filters it is given to every query', () => {
    const filter = {
      target: { table: 'Tienda', column: 'País' },
      operator: 'In' as const,
      values: ['Perú'],
      filterType: 1 as const,
    };
    const query = queriesForVisual({ visual: visual('V4'), schema, filters: [filter] })['main']!;
    expect(query.filters).toEqual([filter]);
  });
});
