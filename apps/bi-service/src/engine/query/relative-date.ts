/**
 * Relative date filters (powerbi-models `RelativeDateFilter`) as an inclusive date range.
 * Rolling units (Days, Weeks, Months, Years) count back or forward from today; calendar units
 * (CalendarWeeks, CalendarMonths, CalendarYears) count whole periods before or after the current
 * one, and `includeToday` adds the current period up to (or from) today. Weeks start on Monday.
 * See docs/decisions/0062-relative-date-semantics.md.
 */
import type { RelativeDateFilter } from '@vitrina/bi-model';
import {
  RelativeDateFilterTimeUnit as TimeUnit,
  RelativeDateOperators,
} from '@vitrina/embed-sdk/protocol';

export interface DateRange {
  start: string;
  end: string;
}

type Unit = 'day' | 'week' | 'month' | 'year';

function utcDate(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month, day));
}

function addDays(date: Date, days: number): Date {
  return utcDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days);
}

/** Adds whole units, clamping the day of month (31 March minus one month is 28/29 February). */
function addUnits(date: Date, unit: Unit, count: number): Date {
  if (unit === 'day') return addDays(date, count);
  if (unit === 'week') return addDays(date, 7 * count);
  const months = unit === 'month' ? count : 12 * count;
  const target = utcDate(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const lastDay = utcDate(target.getUTCFullYear(), target.getUTCMonth() + 1, 0).getUTCDate();
  return utcDate(
    target.getUTCFullYear(),
    target.getUTCMonth(),
    Math.min(date.getUTCDate(), lastDay),
  );
}

function periodStart(date: Date, unit: Unit): Date {
  switch (unit) {
    case 'day':
      return date;
    case 'week':
      return addDays(date, -((date.getUTCDay() + 6) % 7));
    case 'month':
      return utcDate(date.getUTCFullYear(), date.getUTCMonth(), 1);
    case 'year':
      return utcDate(date.getUTCFullYear(), 0, 1);
  }
}

function periodEnd(date: Date, unit: Unit): Date {
  return addDays(addUnits(periodStart(date, unit), unit, 1), -1);
}

const units: Record<number, { unit: Unit; calendar: boolean }> = {
  [TimeUnit.Days]: { unit: 'day', calendar: false },
  [TimeUnit.Weeks]: { unit: 'week', calendar: false },
  [TimeUnit.CalendarWeeks]: { unit: 'week', calendar: true },
  [TimeUnit.Months]: { unit: 'month', calendar: false },
  [TimeUnit.CalendarMonths]: { unit: 'month', calendar: true },
  [TimeUnit.Years]: { unit: 'year', calendar: false },
  [TimeUnit.CalendarYears]: { unit: 'year', calendar: true },
};

const iso = (date: Date): string => date.toISOString().slice(0, 10);

/** The inclusive range of `filter` on the day `today` (a UTC date). */
export function relativeDateRange(
  filter: Pick<RelativeDateFilter, 'operator' | 'timeUnitsCount' | 'timeUnitType' | 'includeToday'>,
  today: Date,
): DateRange {
  const day = utcDate(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const { unit, calendar } = units[filter.timeUnitType] ?? { unit: 'day', calendar: false };
  const count = filter.timeUnitsCount;
  if (filter.operator === RelativeDateOperators.InThis) {
    return { start: iso(periodStart(day, unit)), end: iso(periodEnd(day, unit)) };
  }
  const past = filter.operator === RelativeDateOperators.InLast;
  if (calendar) {
    const current = periodStart(day, unit);
    if (past) {
      const start = addUnits(current, unit, -count);
      return { start: iso(start), end: iso(filter.includeToday ? day : addDays(current, -1)) };
    }
    const nextStart = addUnits(current, unit, 1);
    const end = addDays(addUnits(nextStart, unit, count), -1);
    return { start: iso(filter.includeToday ? day : nextStart), end: iso(end) };
  }
  // Rolling: N units ending today (or yesterday), or starting today (or tomorrow).
  if (past) {
    const end = filter.includeToday ? day : addDays(day, -1);
    return { start: iso(addDays(addUnits(end, unit, -count), 1)), end: iso(end) };
  }
  const start = filter.includeToday ? day : addDays(day, 1);
  return { start: iso(start), end: iso(addDays(addUnits(start, unit, count), -1)) };
}
