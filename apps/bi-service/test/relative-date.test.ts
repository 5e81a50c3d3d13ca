import type { RelativeDateFilter } from '@vitrina/bi-model';
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
const range = (
  operator: RelativeDateFilter['operator'],
  count: number,
  unit: RelativeDateFilter['timeUnitType'],
  includeToday: boolean,
) =>
  relativeDateRange({ operator, timeUnitsCount: count, timeUnitType: unit, includeToday }, today);

describe('relative date ranges for every operator and time unit', () => {
  const cases: [string, ReturnType<typeof range>, [string, string]][] = [
    [
      'InLast 3 Days with today',
      range(Op.InLast, 3, Unit.Days, true),
      ['2024-04-08', '2024-04-10'],
    ],
    [
      'InLast 3 Days without today',
      range(Op.InLast, 3, Unit.Days, false),
      ['2024-04-07', '2024-04-09'],
    ],
    [
      'InLast 2 Weeks with today',
      range(Op.InLast, 2, Unit.Weeks, true),
      ['2024-03-28', '2024-04-10'],
    ],
    [
      'InLast 1 CalendarWeeks',
      range(Op.InLast, 1, Unit.CalendarWeeks, false),
      ['2024-04-01', '2024-04-07'],
    ],
    [
      'InLast 1 CalendarWeeks with today',
      range(Op.InLast, 1, Unit.CalendarWeeks, true),
      ['2024-04-01', '2024-04-10'],
    ],
    [
      'InLast 2 Months with today',
      range(Op.InLast, 2, Unit.Months, true),
      ['2024-02-11', '2024-04-10'],
    ],
    [
      'InLast 2 Months without today',
      range(Op.InLast, 2, Unit.Months, false),
      ['2024-02-10', '2024-04-09'],
    ],
    [
      'InLast 1 CalendarMonths',
      range(Op.InLast, 1, Unit.CalendarMonths, false),
      ['2024-03-01', '2024-03-31'],
    ],
    [
      'InLast 1 Years with today',
      range(Op.InLast, 1, Unit.Years, true),
      ['2023-04-11', '2024-04-10'],
    ],
    [
      'InLast 2 CalendarYears',
      range(Op.InLast, 2, Unit.CalendarYears, false),
      ['2022-01-01', '2023-12-31'],
    ],
    ['InThis Days', range(Op.InThis, 1, Unit.Days, false), ['2024-04-10', '2024-04-10']],
    ['InThis Weeks', range(Op.InThis, 1, Unit.Weeks, false), ['2024-04-08', '2024-04-14']],
    [
      'InThis CalendarMonths',
      range(Op.InThis, 1, Unit.CalendarMonths, false),
      ['2024-04-01', '2024-04-30'],
    ],
    ['InThis Years', range(Op.InThis, 1, Unit.Years, true), ['2024-01-01', '2024-12-31']],
    [
      'InNext 3 Days with today',
      range(Op.InNext, 3, Unit.Days, true),
      ['2024-04-10', '2024-04-12'],
    ],
    [
      'InNext 3 Days without today',
      range(Op.InNext, 3, Unit.Days, false),
      ['2024-04-11', '2024-04-13'],
    ],
    ['InNext 1 Weeks', range(Op.InNext, 1, Unit.Weeks, false), ['2024-04-11', '2024-04-17']],
    [
      'InNext 1 CalendarWeeks',
      range(Op.InNext, 1, Unit.CalendarWeeks, false),
      ['2024-04-15', '2024-04-21'],
    ],
    [
      'InNext 1 CalendarWeeks with today',
      range(Op.InNext, 1, Unit.CalendarWeeks, true),
      ['2024-04-10', '2024-04-21'],
    ],
    ['InNext 1 Months', range(Op.InNext, 1, Unit.Months, false), ['2024-04-11', '2024-05-10']],
    [
      'InNext 2 CalendarMonths',
      range(Op.InNext, 2, Unit.CalendarMonths, false),
      ['2024-05-01', '2024-06-30'],
    ],
    ['InNext 1 Years', range(Op.InNext, 1, Unit.Years, true), ['2024-04-10', '2025-04-09']],
    [
      'InNext 1 CalendarYears',
      range(Op.InNext, 1, Unit.CalendarYears, false),
      ['2025-01-01', '2025-12-31'],
    ],
  ];
  it.each(cases)('%s', (_name, actual, [start, end]) => {
    expect(actual).toEqual({ start, end });
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

  const totalWith = async (filter: Omit<RelativeDateFilter, 'target' | 'filterType'>) => {
    const result = await runQuery(
      dataset,
      {
        groupBy: [],
        measures: [{ table: 'Ventas', measure: 'Total' }],
        filters: [{ target: { table: 'Calendario', column: 'Fecha' }, filterType: 4, ...filter }],
      },
      { today },
    );
    return result.rows[0]![0];
  };

  it('InLast 10 Days with and without today', async () => {
    expect(
      await totalWith({
        operator: 0,
        timeUnitsCount: 10,
        timeUnitType: Unit.Days,
        includeToday: true,
      }),
    ).toBe(24);
    expect(
      await totalWith({
        operator: 0,
        timeUnitsCount: 10,
        timeUnitType: Unit.Days,
        includeToday: false,
      }),
    ).toBe(4);
  });
  it('InThis Months, InLast 1 CalendarMonths and InLast 2 Months', async () => {
    expect(
      await totalWith({
        operator: 1,
        timeUnitsCount: 1,
        timeUnitType: Unit.Months,
        includeToday: false,
      }),
    ).toBe(24);
    expect(
      await totalWith({
        operator: 0,
        timeUnitsCount: 1,
        timeUnitType: Unit.CalendarMonths,
        includeToday: false,
      }),
    ).toBe(45);
    expect(
      await totalWith({
        operator: 0,
        timeUnitsCount: 2,
        timeUnitType: Unit.Months,
        includeToday: true,
      }),
    ).toBe(69);
  });
  it('InNext 3 Weeks and a range with no sales', async () => {
    expect(
      await totalWith({
        operator: 2,
        timeUnitsCount: 3,
        timeUnitType: Unit.Weeks,
        includeToday: false,
      }),
    ).toBe(6);
    expect(
      await totalWith({
        operator: 0,
        timeUnitsCount: 1,
        timeUnitType: Unit.CalendarYears,
        includeToday: false,
      }),
    ).toBeNull();
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
