/** CSV text for exported data (RFC 4180 quoting). */
import type { QueryResult } from '@vitrina/bi-model';

// A cell starting like a formula would run in a spreadsheet; a leading quote keeps it text.
const formulaStart = /^[=+\-@\t\r]/;

function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(result: QueryResult): string {
  const lines = [
    result.columns.map((column) => csvCell(column.name)),
    ...result.rows.map((row) => row.map(csvCell)),
  ];
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
