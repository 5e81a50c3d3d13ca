import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvancedCondition, AdvancedFilter, Filter } from '@vitrina/bi-model';
import type { LoadedDataset } from '../src/engine/registry.ts';
import { runQuery, runUnderlying } from '../src/engine/query/run-query.ts';
import { openMiniRetail } from './mini-retail.ts';

let dataset: LoadedDataset;
let close: () => void;
beforeAll(async () => {
  const opened = await openMiniRetail();
  dataset = opened.dataset;
  close = () => opened.registry.close();
});
afterAll(() => close());

const total = { table: 'Ventas', measure: 'Total' };
const product = { table: 'Producto', column: 'Nombre' };
const category = { table: 'Producto', column: 'Categoria' };
const country = { table: 'Region', column: 'Pais' };
const amount = { table: 'Ventas', column: 'Importe' };

/** Total sales per product name under `filters`, as a plain object. */
async function totalsByProduct(filters: Filter[]): Promise<Record<string, number>> {
  const result = await runQuery(dataset, { groupBy: [product], measures: [total], filters });
  return Object.fromEntries(result.rows.map(([name, value]) => [String(name), Number(value)]));
}

describe('basic filters', () => {
  it('In keeps the listed values across a relationship', async () => {
    expect(
      await totalsByProduct([
        { target: country, filterType: 1, operator: 'In', values: ['Chile'] },
      ]),
    ).toEqual({
      Manzana: 25,
      Queso: 20,
      Leche: 6,
    });
  });
  it('NotIn removes them and keeps blanks', async () => {
    const rows = await runQuery(dataset, {
      groupBy: [category],
      measures: [total],
      filters: [{ target: category, filterType: 1, operator: 'NotIn', values: ['Fruta'] }],
    });
    expect(rows.rows).toEqual([
      ['Lácteo', 35],
      [null, 4],
    ]);
  });
  it('In with null matches blanks', async () => {
    expect(
      await totalsByProduct([{ target: category, filterType: 1, operator: 'In', values: [null] }]),
    ).toEqual({ Pan: 4 });
  });
  it('All does not filter', async () => {
    const result = await runQuery(dataset, {
      groupBy: [],
      measures: [total],
      filters: [{ target: country, operator: 'All', values: [] }],
    });
    expect(result.rows).toEqual([[99]]);
  });
  it('In with no values keeps nothing', async () => {
    expect(
      await totalsByProduct([{ target: country, filterType: 1, operator: 'In', values: [] }]),
    ).toEqual({});
  });
});

describe('advanced filters', () => {
  const advanced = (
    target: AdvancedFilter['target'],
    logicalOperator: AdvancedFilter['logicalOperator'],
    ...conditions: AdvancedCondition[]
  ): Filter => ({ target, logicalOperator, conditions });

  // One condition each: the test's name is the condition's operator.
  const conditions: [AdvancedFilter['target'], AdvancedCondition, Record<string, number>][] = [
    [amount, { operator: 'LessThan', value: 6 }, { Pera: 5, Pan: 4 }],
    [amount, { operator: 'LessThanOrEqual', value: 6 }, { Pera: 5, Pan: 4, Leche: 6 }],
    [amount, { operator: 'GreaterThan', value: 20 }, { Manzana: 25 }],
    [amount, { operator: 'GreaterThanOrEqual', value: 20 }, { Manzana: 25, Pera: 20, Queso: 20 }],
    [product, { operator: 'Is', value: 'Pera' }, { Pera: 25 }],
    [category, { operator: 'IsNot', value: 'Fruta' }, { Leche: 15, Queso: 20, Pan: 4 }],
    // Case-insensitive, as Power BI's.
    [product, { operator: 'Contains', value: 'ANZ' }, { Manzana: 35 }],
    [product, { operator: 'DoesNotContain', value: 'e' }, { Manzana: 35, Pan: 4 }],
    [product, { operator: 'StartsWith', value: 'p' }, { Pera: 25, Pan: 4 }],
    [product, { operator: 'DoesNotStartWith', value: 'P' }, { Manzana: 35, Leche: 15, Queso: 20 }],
    [category, { operator: 'IsBlank' }, { Pan: 4 }],
    [category, { operator: 'IsNotBlank' }, { Manzana: 35, Pera: 25, Leche: 15, Queso: 20 }],
    [country, { operator: 'None' }, { Manzana: 35, Pera: 25, Leche: 15, Queso: 20, Pan: 4 }],
  ];
  it.each(conditions.map((row) => [row[1].operator, ...row] as const))(
    '%s',
    async (_name, target, condition, expected) => {
      expect(await totalsByProduct([advanced(target, 'And', condition)])).toEqual(expected);
    },
  );

  it('And of two conditions (a range)', async () => {
    const range = advanced(
      amount,
      'And',
      { operator: 'GreaterThan', value: 5 },
      { operator: 'LessThan', value: 20 },
    );
    expect(await totalsByProduct([range])).toEqual({ Manzana: 10, Leche: 15 });
  });
  it('Or of two conditions', async () => {
    const either = advanced(
      product,
      'Or',
      { operator: 'Is', value: 'Pan' },
      { operator: 'StartsWith', value: 'Q' },
    );
    expect(await totalsByProduct([either])).toEqual({ Queso: 20, Pan: 4 });
  });
  it('date comparison with an ISO timestamp value', async () => {
    const since = advanced({ table: 'Calendario', column: 'Fecha' }, 'And', {
      operator: 'GreaterThanOrEqual',
      value: '2024-04-01T00:00:00.000Z',
    });
    expect(await totalsByProduct([since])).toEqual({ Pan: 4, Pera: 20, Leche: 6 });
  });
});

describe('hierarchy-level targets and include/exclude', () => {
  const monthLevel = {
    table: 'Calendario',
    hierarchy: 'Jerarquía de fechas',
    hierarchyLevel: 'Mes',
  };
  it('groups by a hierarchy level in its sort-by order', async () => {
    const result = await runQuery(dataset, { groupBy: [monthLevel], measures: [total] });
    expect(result.rows).toEqual([
      ['enero', 15],
      ['febrero', 9],
      ['marzo', 45],
      ['abril', 24],
      ['mayo', 6],
    ]);
    expect(result.columns).toEqual([
      { name: 'Mes', type: 'string' },
      { name: 'Total', type: 'number' },
    ]);
  });
  it('filters on a hierarchy level', async () => {
    expect(
      await totalsByProduct([
        { target: monthLevel, filterType: 1, operator: 'In', values: ['marzo'] },
      ]),
    ).toEqual({ Queso: 20, Manzana: 25 });
  });
  it('include keeps only the data points', async () => {
    expect(
      await totalsByProduct([
        { target: product, filterType: 3, isExclude: false, values: ['Pan', 'Queso'] },
      ]),
    ).toEqual({ Queso: 20, Pan: 4 });
  });
  it('exclude removes them', async () => {
    expect(
      await totalsByProduct([
        { target: product, filterType: 3, isExclude: true, values: ['Manzana', 'Pera', 'Leche'] },
      ]),
    ).toEqual({ Queso: 20, Pan: 4 });
  });
});

describe('top N filters', () => {
  it('Top keeps the best items by the order-by measure', async () => {
    expect(
      await totalsByProduct([
        { target: product, filterType: 5, operator: 'Top', itemCount: 2, orderBy: total },
      ]),
    ).toEqual({ Manzana: 35, Pera: 25 });
  });
  it('Bottom keeps the worst ones, under the other filters', async () => {
    const filters: Filter[] = [
      { target: product, filterType: 5, operator: 'Bottom', itemCount: 2, orderBy: total },
      { target: country, filterType: 1, operator: 'In', values: ['Perú'] },
    ];
    // Perú: Manzana 10, Pera 25, Leche 9, Pan 4.
    expect(await totalsByProduct(filters)).toEqual({ Leche: 9, Pan: 4 });
  });
  it('Top on another column than the grouping ranks it separately', async () => {
    const result = await runQuery(dataset, {
      groupBy: [category],
      measures: [total],
      filters: [{ target: product, filterType: 5, operator: 'Top', itemCount: 2, orderBy: total }],
    });
    // The two best products (Manzana 35, Pera 25) are both fruit.
    expect(result.rows).toEqual([['Fruta', 60]]);
  });
  it('underlying rows honour a top N on the grouping column', async () => {
    const result = await runUnderlying(
      dataset,
      {
        groupBy: [product],
        measures: [total],
        filters: [
          { target: product, filterType: 5, operator: 'Top', itemCount: 1, orderBy: total },
        ],
      },
      100,
    );
    // Manzana (35) is sold in rows 1 and 5.
    expect(result.rows.map((row) => row[0])).toEqual([1, 5]);
  });
});

describe('measure targets filter groups (HAVING)', () => {
  it('advanced condition on a measure', async () => {
    expect(
      await totalsByProduct([
        {
          target: total,
          logicalOperator: 'And',
          conditions: [{ operator: 'GreaterThanOrEqual', value: 20 }],
        },
      ]),
    ).toEqual({
      Manzana: 35,
      Pera: 25,
      Queso: 20,
    });
  });
  it('basic In on a measure', async () => {
    expect(
      await totalsByProduct([{ target: total, filterType: 1, operator: 'In', values: [15, 4] }]),
    ).toEqual({ Leche: 15, Pan: 4 });
  });
});

describe('measures, sort and limit', () => {
  it('computes expression measures, aggregated columns and distinct counts', async () => {
    const result = await runQuery(dataset, {
      groupBy: [country],
      measures: [
        total,
        { table: 'Ventas', measure: 'Precio medio' },
        { table: 'Ventas', measure: 'Productos vendidos' },
        { table: 'Ventas', column: 'Importe', aggregation: 'Max', displayName: 'Mayor venta' },
        { table: 'Ventas', column: 'Id', aggregation: 'Count' },
      ],
    });
    expect(result.rows).toEqual([
      ['Chile', 51, 51 / 7, 3, 25, 3],
      ['Perú', 48, 48 / 12, 4, 20, 5],
    ]);
    expect(result.columns.map((column) => column.type)).toEqual([
      'string',
      'number',
      'number',
      'integer',
      'number',
      'integer',
    ]);
    expect(result.columns[4]!.name).toBe('Mayor venta');
    expect(result.columns[5]!.name).toBe('Recuento de Id');
  });
  it('sorts by a measure descending and cuts at the limit', async () => {
    const result = await runQuery(dataset, {
      groupBy: [product],
      measures: [total],
      orderBy: [{ field: total, direction: 2 }],
      limit: 3,
    });
    expect(result.rows).toEqual([
      ['Manzana', 35],
      ['Pera', 25],
      ['Queso', 20],
    ]);
    expect(result.truncated).toBe(true);
  });
  it('lists the values of a dimension alone (a slicer), unaffected by filters on other tables', async () => {
    const result = await runQuery(dataset, {
      groupBy: [country],
      measures: [],
      filters: [{ target: category, filterType: 1, operator: 'In', values: ['Fruta'] }],
    });
    expect(result.rows).toEqual([['Chile'], ['Perú']]);
  });
  it('returns dates as YYYY-MM-DD', async () => {
    const result = await runQuery(dataset, {
      groupBy: [{ table: 'Ventas', column: 'Fecha' }],
      measures: [],
      limit: 1,
    });
    expect(result.rows).toEqual([['2024-01-15']]);
  });
});
