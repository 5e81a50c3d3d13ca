/**
 * CSV text for exported data (RFC 4180 quoting), in the report's locale as Excel in that
 * language reads it: Spanish separates cells with `;` and writes decimal commas (its comma is
 * the decimal mark); English uses `,` and `.`. Numbers stay plain numbers (Excel can sum them),
 * rounded to the decimals of the column's model format, else to 12 significant digits: either
 * way without float noise, as Power BI's summarized data (decision 0232).
 */
import type { QueryResult } from '@vitrina/bi-model';

// A cell starting like a formula would run in a spreadsheet; a leading quote keeps it text.
const formulaStart = /^[=+\-@\t\r]/;

interface CsvStyle {
  separator: ',' | ';';
  decimalMark: '.' | ',';
}

const styleOf = (locale: string | undefined): CsvStyle =>
  locale?.toLowerCase().startsWith('es')
    ? { separator: ';', decimalMark: ',' }
    : { separator: ',', decimalMark: '.' };

/** Decimals a model format keeps: `"S/" #,0.00` → 2, `#,0` → 0, `0.0%` → 3 (of the fraction). */
function decimalsOf(format: string | undefined): number | undefined {
  if (!format || !/[#0]/.test(format)) return undefined;
  const fraction = /\.([#0]+)/.exec(format)?.[1]?.length ?? 0;
  return format.includes('%') ? fraction + 2 : fraction;
}

/**
 * A sum of doubles drifts in its last digits (89326.31000000007); 12 significant digits hold
 * every figure a report shows while dropping that drift.
 */
const SIGNIFICANT_DIGITS = 12;

function plainNumber(value: number, decimals: number | undefined, style: CsvStyle): string {
  const rounded = Number(
    decimals === undefined ? value.toPrecision(SIGNIFICANT_DIGITS) : value.toFixed(decimals),
  );
  const text = String(Object.is(rounded, -0) ? 0 : rounded);
  return style.decimalMark === ',' ? text.replace('.', ',') : text;
}

function csvCell(
  value: string | number | boolean | null,
  style: CsvStyle,
  decimals?: number,
): string {
  if (value === null) return '';
  if (typeof value === 'number') return plainNumber(value, decimals, style);
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  const special = new RegExp(`["${style.separator}\\r\\n]`);
  return special.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(result: QueryResult, locale?: string): string {
  const style = styleOf(locale);
  const lines = [
    result.columns.map((column) => csvCell(column.name, style)),
    ...result.rows.map((row) =>
      row.map((cell, i) => csvCell(cell, style, decimalsOf(result.columns[i]?.format))),
    ),
  ];
  return `${lines.map((cells) => cells.join(style.separator)).join('\r\n')}\r\n`;
}
