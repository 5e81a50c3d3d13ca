/**
 * CSV text for exported data, in the report's locale (`csvText` of `@vitrina/bi-model/csv`):
 * numbers rounded to the decimals of the column's model format, as Power BI's summarized data.
 */
import type { QueryResult } from '@vitrina/bi-model';
import { csvText } from '@vitrina/bi-model/csv';

/** Decimals a model format keeps: `"S/" #,0.00` → 2, `#,0` → 0, `0.0%` → 3 (of the fraction). */
function decimalsOf(format: string | undefined): number | undefined {
  if (!format || !/[#0]/.test(format)) return undefined;
  const fraction = /\.([#0]+)/.exec(format)?.[1]?.length ?? 0;
  return format.includes('%') ? fraction + 2 : fraction;
}

export function toCsv(result: QueryResult, locale?: string): string {
  return csvText([result.columns.map((column) => column.name), ...result.rows], locale, (i) =>
    decimalsOf(result.columns[i]?.format),
  );
}
