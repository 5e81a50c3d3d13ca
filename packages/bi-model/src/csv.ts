/**
 * CSV text (RFC 4180 quoting) as Excel in the locale's language reads it: Spanish separates
 * cells with `;` and writes decimal commas (its comma is the decimal mark); English uses `,` and
 * `.`. Numbers stay plain numbers (Excel can sum them), rounded to the decimals given for their
 * column, else to 12 significant digits: either way without float noise (decision 0232). Shared
 * by the BI service's data export and the portal's usage export.
 */

export type CsvValue = string | number | boolean | null;

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

function csvCell(value: CsvValue, style: CsvStyle, decimals?: number): string {
  if (value === null) return '';
  if (typeof value === 'number') return plainNumber(value, decimals, style);
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  const special = new RegExp(`["${style.separator}\\r\\n]`);
  return special.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows (the header first) as CSV; `decimalsOf(column)` rounds that column's numbers. */
export function csvText(
  rows: readonly (readonly CsvValue[])[],
  locale: string | undefined,
  decimalsOf: (column: number) => number | undefined = () => undefined,
): string {
  const style = styleOf(locale);
  const lines = rows.map((row) => row.map((cell, i) => csvCell(cell, style, decimalsOf(i))));
  return `${lines.map((cells) => cells.join(style.separator)).join('\r\n')}\r\n`;
}
