import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedDataset } from '../src/engine/registry.ts';
import { runQuery } from '../src/engine/query/run-query.ts';
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
const level = (datePart: 'year' | 'quarter' | 'month' | 'day') => ({
  table: 'Ventas',
  column: 'Fecha',
  datePart,
});

describe('date hierarchy levels of a plain date column', () => {
  it('groups by year, quarter and month as numbers, in time order, with the level named', async () => {
    const year = await runQuery(dataset, { groupBy: [level('year')], measures: [total] });
    expect(year.rows).toEqual([[2024, 99]]);
    expect(year.columns[0]).toEqual({ name: 'Año', type: 'integer', datePart: 'year' });

    const quarter = await runQuery(dataset, { groupBy: [level('quarter')], measures: [total] });
    expect(quarter.rows).toEqual([
      [1, 69],
      [2, 30],
    ]);
    const month = await runQuery(dataset, { groupBy: [level('month')], measures: [total] });
    expect(month.rows).toEqual([
      [1, 15],
      [2, 9],
      [3, 45],
      [4, 24],
      [5, 6],
    ]);
  });

  it('filters on a level as a drill does (year 2024, then quarter 2 → its months)', async () => {
    const drilled = await runQuery(dataset, {
      groupBy: [level('month')],
      measures: [total],
      filters: [
        { target: level('year'), filterType: 1, operator: 'In', values: [2024] },
        { target: level('quarter'), filterType: 1, operator: 'In', values: [2] },
      ],
    });
    expect(drilled.rows).toEqual([
      [4, 24],
      [5, 6],
    ]);
  });

  it('sorts by a level when asked and keeps a plain date column a date', async () => {
    const byDay = await runQuery(dataset, {
      groupBy: [level('day')],
      measures: [total],
      orderBy: [{ field: level('day'), direction: 2 }],
      limit: 2,
    });
    expect(byDay.rows).toEqual([
      [28, 25],
      [20, 5],
    ]);
    const plain = await runQuery(dataset, {
      groupBy: [{ table: 'Ventas', column: 'Fecha' }],
      measures: [total],
      limit: 1,
    });
    expect(plain.rows).toEqual([['2024-01-15', 10]]);
    expect(plain.columns[0]).toEqual({ name: 'Fecha', type: 'date' });
  });

  it('refuses a level of a column that is not a date', async () => {
    await expect(
      runQuery(dataset, {
        groupBy: [{ table: 'Ventas', column: 'Importe', datePart: 'year' }],
        measures: [total],
      }),
    ).rejects.toThrow('A date level needs a date column: Ventas[Importe]');
  });
});
