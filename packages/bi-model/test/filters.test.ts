import { models } from '@vitrina/embed-sdk/protocol';
import { describe, expect, it } from 'vitest';
import { filterSchema, querySchema } from '../src/index.ts';

const country = { table: 'Geografía', column: 'País' };
const sales = { table: 'Ventas', measure: 'Ventas totales' };

describe('filterSchema', () => {
  it('accepts the filters the SDK protocol builds, unchanged', () => {
    const built = [
      new models.BasicFilter(country, 'In', ['Chile', 'Perú']),
      new models.AdvancedFilter(sales, 'And', { operator: 'GreaterThan', value: 1000 }),
      new models.RelativeDateFilter(
        { table: 'Calendario', column: 'Fecha' },
        models.RelativeDateOperators.InLast,
        3,
        models.RelativeDateFilterTimeUnit.CalendarMonths,
        true,
      ),
      new models.TopNFilter(country, 'Top', 5, sales),
      new models.IncludeExcludeFilter(country, true, ['Bolivia']),
    ].map((filter) => filter.toJSON());
    for (const filter of built) expect(filterSchema.parse(filter)).toEqual(filter);
  });

  it('tells Basic from Advanced by shape when filterType and $schema are left out', () => {
    expect(filterSchema.parse({ target: country, operator: 'NotIn', values: [null] })).toEqual({
      target: country,
      operator: 'NotIn',
      values: [null],
    });
    const advanced = {
      target: sales,
      logicalOperator: 'Or',
      conditions: [{ operator: 'IsBlank' }],
    };
    expect(filterSchema.parse(advanced)).toEqual(advanced);
  });

  it.each([
    ['an unknown basic operator', { target: country, operator: 'Between', values: [] }],
    [
      'three advanced conditions',
      {
        target: sales,
        logicalOperator: 'And',
        conditions: [1, 2, 3].map((value) => ({ operator: 'Is', value })),
      },
    ],
    [
      'a time unit beyond CalendarYears',
      {
        target: country,
        filterType: 4,
        operator: 0,
        timeUnitsCount: 1,
        timeUnitType: 7,
        includeToday: false,
      },
    ],
    ['a top N without orderBy', { target: country, filterType: 5, operator: 'Top', itemCount: 3 }],
    ['a target naming no table', { target: { column: 'País' }, operator: 'In', values: [] }],
  ])('rejects %s', (_label, filter) => {
    expect(filterSchema.safeParse(filter).success).toBe(false);
  });
});

describe('querySchema', () => {
  it('fills in the lists a sender leaves out', () => {
    expect(querySchema.parse({ measures: [sales] })).toEqual({ groupBy: [], measures: [sales] });
  });

  it('reads a field naming both a measure and a column as the measure', () => {
    const parsed = querySchema.parse({ measures: [{ ...sales, column: 'Importe' }] });
    expect(parsed.measures).toEqual([sales]);
  });

  it('refuses more than 30 000 rows and a sort direction other than 1 or 2', () => {
    expect(querySchema.safeParse({ limit: 30_001 }).success).toBe(false);
    expect(querySchema.safeParse({ orderBy: [{ field: sales, direction: 0 }] }).success).toBe(
      false,
    );
  });
});
