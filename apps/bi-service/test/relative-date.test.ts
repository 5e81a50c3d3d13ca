import {
  RelativeDateFilterTimeUnit as Unit,
  RelativeDateOperators as Op,
} from '@vitrina/embed-sdk/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetRegistry, LoadedDataset } from '../src/engine/registry.ts';
import { relativeDateRange } from '../src/engine/query/relative-date.ts';
import { runQuery } from '../src/engine/query/run-query.ts';
import { openMiniRetail } from './mini-retail.ts';

// Wednesday 10 April 2024; that week runs Monday 8 to Sunday 14.
const today = new Date('2024-04-10T15:30:00Z');
/** A relative date filter as a row of a table: operator, count, unit, includeToday. */
type FilterRow = [Op, count: number, Unit, includeToday: boolean, ...expected: unknown[]];
const filterOf = ([operator, timeUnitsCount, timeUnitType, includeToday]: FilterRow) => ({
  operator,
  timeUnitsCount,
  timeUnitType,
  includeToday,
});
const nameOf = ([operator, count, unit, includeToday]: FilterRow) =>
  `${Op[operator]} ${count} ${Unit[unit]} ${includeToday ? 'with' : 'without'} today`;

describe('relative date ranges for every operator and time unit', () => {
  const cases: [Op, number, Unit, boolean, start: string, end: string][] = [
    [Op.InLast, 3, Unit.Days, true, '2024-04-08', '2024-04-10'],
    [Op.InLast, 3, Unit.Days, false, '2024-04-07', '2024-04-09'],
    [Op.InLast, 2, Unit.Weeks, true, '2024-03-28', '2024-04-10'],
    [Op.InLast, 1, Unit.CalendarWeeks, false, '2024-04-01', '2024-04-07'],
    [Op.InLast, 1, Unit.CalendarWeeks, true, '2024-04-01', '2024-04-10'],
    [Op.InLast, 2, Unit.Months, true, '2024-02-11', '2024-04-10'],
    [Op.InLast, 2, Unit.Months, false, '2024-02-10', '2024-04-09'],
    [Op.InLast, 1, Unit.CalendarMonths, false, '2024-03-01', '2024-03-31'],
    [Op.InLast, 1, Unit.Years, true, '2023-04-11', '2024-04-10'],
    [Op.InLast, 2, Unit.CalendarYears, false, '2022-01-01', '2023-12-31'],
    [Op.InThis, 1, Unit.Days, false, '2024-04-10', '2024-04-10'],
    [Op.InThis, 1, Unit.Weeks, false, '2024-04-08', '2024-04-14'],
    [Op.InThis, 1, Unit.CalendarMonths, false, '2024-04-01', '2024-04-30'],
    [Op.InThis, 1, Unit.Years, true, '2024-01-01', '2024-12-31'],
    [Op.InNext, 3, Unit.Days, true, '2024-04-10', '2024-04-12'],
    [Op.InNext, 3, Unit.Days, false, '2024-04-11', '2024-04-13'],
    [Op.InNext, 1, Unit.Weeks, false, '2024-04-11', '2024-04-17'],
    [Op.InNext, 1, Unit.CalendarWeeks, false, '2024-04-15', '2024-04-21'],
    [Op.InNext, 1, Unit.CalendarWeeks, true, '2024-04-10', '2024-04-21'],
    [Op.InNext, 1, Unit.Months, false, '2024-04-11', '2024-05-10'],
    [Op.InNext, 2, Unit.CalendarMonths, false, '2024-05-01', '2024-06-30'],
    [Op.InNext, 1, Unit.Years, true, '2024-04-10', '2025-04-09'],
    [Op.InNext, 1, Unit.CalendarYears, false, '2025-01-01', '2025-12-31'],
  ];
  it.each(cases.map((row) => [nameOf(row), row] as const))('%s', (_name, row) => {
    const [start, end] = row.slice(4);
    expect(relativeDateRange(filterOf(row), today)).toEqual({ start, end });
  });

  it('clamps month ends (31 March minus one month)', () => {
    const range = relativeDateRange(
      { operator: Op.InLast, timeUnitsCount: 1, timeUnitType: Unit.Months, includeToday: true },
      new Date('2024-03-31'),
    );
    expect(range).toEqual({ start: '2024-03-01', end: '2024-03-31' });
  });
});

describe('relative date filters against the fixture', () => {
  let registry: DatasetRegistry;
  let dataset: LoadedDataset;
  beforeAll(async () => {
    ({ registry, dataset } = await openMiniRetail());
  });
  afterAll(() => registry.close());

  // A range with no sales totals to null, not zero.
  const totals: [Op, number, Unit, boolean, total: number | null][] = [
    [Op.InLast, 10, Unit.Days, true, 24],
    [Op.InLast, 10, Unit.Days, false, 4],
    [Op.InThis, 1, Unit.Months, false, 24],
    [Op.InLast, 1, Unit.CalendarMonths, false, 45],
    [Op.InLast, 2, Unit.Months, true, 69],
    [Op.InNext, 3, Unit.Weeks, false, 6],
    [Op.InLast, 1, Unit.CalendarYears, false, null],
  ];
  it.each(totals.map((row) => [nameOf(row), row] as const))('%s', async (_name, row) => {
    const result = await runQuery(
      dataset,
      {
        groupBy: [],
        measures: [{ table: 'Ventas', measure: 'Total' }],
        filters: [
          { target: { table: 'Calendario', column: 'Fecha' }, filterType: 4, ...filterOf(row) },
        ],
      },
      { today },
    );
    expect(result.rows[0]![0]).toBe(row[4]);
  });
  it('is refused on a column that is not a date', async () => {
    await expect(
      runQuery(dataset, {
        groupBy: [],
        measures: [{ table: 'Ventas', measure: 'Total' }],
        filters: [
          {
            target: { table: 'Region', column: 'Pais' },
            filterType: 4,
            operator: 0,
            timeUnitsCount: 1,
            timeUnitType: 0,
            includeToday: true,
          },
        ],
      }),
    ).rejects.toThrow(/date column/);
  });
});
