import { describe, expect, it } from 'vitest';
import type { Filter } from '@vitrina/bi-model';
import { runQuery } from '../src/engine/query/run-query.ts';
import { miniRetailPerFile } from './mini-retail.ts';

const dataset = miniRetailPerFile();

const total = { table: 'Ventas', measure: 'Total' };
const level = (datePart: 'year' | 'quarter' | 'month' | 'day') => ({
  table: 'Ventas',
  column: 'Fecha',
  datePart,
});
/** Total sales by one level, under `filters`, as [level value, total] rows. */
const totalsBy = async (datePart: Parameters<typeof level>[0], filters: Filter[] = []) =>
  (await runQuery(dataset(), { groupBy: [level(datePart)], measures: [total], filters })).rows;

describe('date hierarchy levels of a plain date column', () => {
  it('groups by year, quarter and month as numbers, in time order, with the level named', async () => {
    const year = await runQuery(dataset(), { groupBy: [level('year')], measures: [total] });
    expect(year.rows).toEqual([[2024, 99]]);
    expect(year.columns[0]).toEqual({ name: 'Año', type: 'integer', datePart: 'year' });

    expect(await totalsBy('quarter')).toEqual([
      [1, 69],
      [2, 30],
    ]);
    expect(await totalsBy('month')).toEqual([
      [1, 15],
      [2, 9],
      [3, 45],
      [4, 24],
      [5, 6],
    ]);
  });

  it('filters on a level as a drill does (year 2024, then quarter 2 → its months)', async () => {
    const drilled = await totalsBy('month', [
      { target: level('year'), filterType: 1, operator: 'In', values: [2024] },
      { target: level('quarter'), filterType: 1, operator: 'In', values: [2] },
    ]);
    expect(drilled).toEqual([
      [4, 24],
      [5, 6],
    ]);
  });

  it('sorts by a level when asked and keeps a plain date column a date', async () => {
    const byDay = await runQuery(dataset(), {
      groupBy: [level('day')],
      measures: [total],
      orderBy: [{ field: level('day'), direction: 2 }],
      limit: 2,
    });
    expect(byDay.rows).toEqual([
      [28, 25],
      [20, 5],
    ]);
    const plain = await runQuery(dataset(), {
      groupBy: [{ table: 'Ventas', column: 'Fecha' }],
      measures: [total],
      limit: 1,
    });
    expect(plain.rows).toEqual([['2024-01-15', 10]]);
    expect(plain.columns[0]).toEqual({ name: 'Fecha', type: 'date' });
  });

  it('refuses a level of a column that is not a date', async () => {
    await expect(
      runQuery(dataset(), {
        groupBy: [{ table: 'Ventas', column: 'Importe', datePart: 'year' }],
        measures: [total],
      }),
    ).rejects.toThrow('A date level needs a date column: Ventas[Importe]');
  });
});

describe('the aggregations the editor offers per type', () => {
  it('answers first and last of a date and a text, and their counts', async () => {
    const date = { table: 'Ventas', column: 'Fecha' };
    const name = { table: 'Producto', column: 'Nombre' };
    const result = await runQuery(dataset(), {
      groupBy: [],
      measures: [
        { ...date, aggregation: 'Min' },
        { ...date, aggregation: 'Max' },
        { ...date, aggregation: 'DistinctCount' },
        { ...name, aggregation: 'Min' },
        { ...name, aggregation: 'Max' },
        { ...name, aggregation: 'Count' },
      ],
    });
    expect(result.rows).toEqual([['2024-01-15', '2024-05-01', 8, 'Leche', 'Queso', 8]]);
    expect(result.columns.map((c) => c.type)).toEqual([
      'date',
      'date',
      'integer',
      'string',
      'string',
      'integer',
    ]);
  });
});
