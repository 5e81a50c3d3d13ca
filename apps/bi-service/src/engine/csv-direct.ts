/**
 * The one-pass way in for a CSV file (decision 0175): DuckDB reads the whole file with the column
 * types already known, as its own `read_csv` does. Numbers with the file's decimal mark and dates
 * in the file's one date format are parsed by the reader; the columns it cannot parse the way the
 * import does (booleans in Spanish, the other decimal mark or date format, text to trim) are
 * converted in SQL in the same pass. Anything that does not fit (a malformed line, a value of
 * another type) makes the read give up, and the caller takes the text pass, which names the line
 * and column or reads a column as text: this path only ever writes what that pass would.
 */
import { VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { quoteIdentifier } from './sql.ts';
import {
  csvReader,
  FRESH,
  matches,
  replaceWithFresh,
  sqlText,
  STAGE,
  text,
  valueOf,
  type FileSource,
} from './file-staging.ts';
import type { ColumnDefinition, TableDefinition } from './model.ts';
import { duckTypes } from './table-writer.ts';

/** Readings the reader does itself, each with the staged values it must cover. */
const plainComma = String.raw`-?\d+(,\d+)?`;
const dateFormats = [
  { format: '%d/%m/%Y', pattern: String.raw`\d{1,2}/\d{1,2}/\d{4}` },
  { format: '%Y-%m-%d', pattern: String.raw`\d{4}-\d{2}-\d{2}` },
];

/** How the reader is set up for the file, and which columns it types itself. */
interface ReadPlan {
  decimalComma: boolean;
  dateFormat?: string;
  /** Columns the reader parses as their declared type; the rest it reads as text. */
  native: Set<string>;
}

/**
 * Chooses the reader's decimal mark and date format from the staged first rows: a decimal comma
 * when some number column writes every staged value with a plain comma (no dots between
 * thousands, which the reader does not take), the date format every staged value of some date
 * column has.
 */
async function planRead(
  connection: DuckDBConnection,
  source: FileSource,
  table: TableDefinition,
): Promise<ReadPlan> {
  const numbers = table.columns.filter((column) => column.dataType === 'number');
  const dates = table.columns.filter((column) => column.dataType === 'date');
  const counted = (column: ColumnDefinition, pattern: string) =>
    `count(${text(column.name)}) = count(CASE WHEN ${matches(text(column.name), pattern)} THEN 1 END)`;
  const checks = [
    ...numbers.map((column) => counted(column, plainComma)),
    ...dates.flatMap((column) => dateFormats.map(({ pattern }) => counted(column, pattern))),
  ];
  const answers =
    checks.length === 0
      ? []
      : (await connection.runAndReadAll(`SELECT ${checks.join(', ')} FROM ${STAGE}`)).getRows()[0]!;
  const commaColumns = numbers.filter(
    (column, index) => source.decimalComma.includes(column.name) && answers[index] === true,
  );
  const decimalComma = commaColumns.length > 0;
  // One decimal mark for the whole file: number columns with the other go through SQL.
  const nativeNumbers = decimalComma
    ? commaColumns
    : numbers.filter((column) => !source.decimalComma.includes(column.name));
  const native = new Set(
    [...table.columns.filter((column) => column.dataType === 'integer'), ...nativeNumbers].map(
      (column) => column.name,
    ),
  );
  let dateFormat: string | undefined;
  dates.forEach((column, index) => {
    const fits = dateFormats.filter(
      (_, formatIndex) => answers[numbers.length + index * dateFormats.length + formatIndex],
    );
    dateFormat ??= fits[0]?.format;
    if (fits.some(({ format }) => format === dateFormat)) native.add(column.name);
  });
  return { decimalComma, ...(dateFormat ? { dateFormat } : {}), native };
}

/**
 * Writes `table` from the whole file in one read; false (nothing written) when some line or
 * value does not fit, for the caller to take the text pass. Expects the first rows staged.
 */
export async function writeCsvDirect(
  connection: DuckDBConnection,
  source: FileSource,
  table: TableDefinition,
): Promise<boolean> {
  const plan = await planRead(connection, source, table);
  const declared = new Map(table.columns.map((column) => [column.name, column]));
  const typeOf = (name: string) => {
    const column = declared.get(name);
    return column && plan.native.has(name) ? duckTypes[column.dataType] : 'VARCHAR';
  };
  const options =
    (plan.decimalComma ? `, decimal_separator = ','` : '') +
    (plan.dateFormat ? `, dateformat = ${sqlText(plan.dateFormat)}` : '');
  const select = table.columns.map((column) => {
    const name = quoteIdentifier(column.name);
    if (plan.native.has(column.name)) return name;
    if (column.dataType === 'string') return `${text(column.name)} AS ${name}`;
    // A value the SQL reading refuses stops the read, as the reader's own refusals do.
    const value = valueOf(source, column);
    return `CASE WHEN ${text(column.name)} IS NOT NULL AND ${value} IS NULL THEN error('misfit') ELSE ${value} END AS ${name}`;
  });
  try {
    await connection.run(
      `CREATE OR REPLACE TABLE ${FRESH} AS SELECT ${select.join(', ')} FROM ${csvReader(source.dialect!, typeOf, options)}`,
      [source.path],
      [VARCHAR],
    );
  } catch {
    await connection.run(`DROP TABLE IF EXISTS ${FRESH}`);
    return false;
  }
  await replaceWithFresh(connection, table.name);
  return true;
}
