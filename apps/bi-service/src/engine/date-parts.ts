/**
 * The levels of a date column's automatic hierarchy as SQL (decision 0235): each level is a
 * number (year 2024, quarter 1–4, month 1–12, day 1–31), so grouping, sorting and filtering on it
 * are numeric and the same in every language; the frame names quarters and months in its locale.
 */
import type { DatePart } from '@vitrina/bi-model';
import { raw, sql, type Fragment } from './sql.ts';

/** The level names Power BI's Spanish interface gives the auto date/time hierarchy. */
export const datePartLabels: Record<DatePart, string> = {
  year: 'Año',
  quarter: 'Trimestre',
  month: 'Mes',
  day: 'Día',
};

export function datePartSql(part: DatePart, date: Fragment): Fragment {
  // `part` is one of the four names of the contract's enum, never the caller's text.
  return sql`CAST(date_part(${raw(`'${part}'`)}, ${date}) AS INTEGER)`;
}
