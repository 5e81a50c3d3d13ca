/**
 * A file import in three steps on one DuckDB connection: stage the file in a temporary table
 * (CSV as text, read strictly; Parquet as typed), infer each column's type from the staged values
 * (integers, numbers with a decimal point or a Spanish decimal comma, ISO or dd/mm/yyyy dates,
 * booleans in English or Spanish), then write the typed table, refusing a value that does not fit
 * by its line and column before anything is replaced.
 */
import { VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import type { DataType } from '@vitrina/bi-model';
import { quoteIdentifier } from './sql.ts';
import { invalidRequest, PowerBiError } from '../http/powerbi-error.ts';
import type { CsvDialect } from './csv-dialect.ts';
import type { ColumnDefinition, TableDefinition } from './model.ts';
import { duckTypes } from './table-writer.ts';

export interface FileSource {
  format: 'csv' | 'parquet';
  path: string;
  /** CSV only: how the file is written. */
  dialect?: CsvDialect;
  /** Text columns whose numbers use a decimal comma (and dots between thousands). */
  decimalComma: string[];
}

export const STAGE = '__vitrina_stage';
/** The table being written, renamed over the old one only once every value fitted. */
export const FRESH = '__vitrina_fresh';
const MISFIT = '__vitrina_misfit';
const STAGED_ROW = '__vitrina_staged_row';
/** The staged table keeps the file's order, so a row's line is its rowid plus the first line. */
const firstLineOf = (source: FileSource) =>
  source.format === 'csv' && source.dialect?.header ? 2 : 1;

/** A value that does not fit its column's type; names the line and the column. */
export class ValueDoesNotFit extends PowerBiError {
  readonly column: string;
  constructor(line: number, column: string, value: unknown, dataType: DataType) {
    super(
      400,
      'InvalidRequest',
      `Line ${line}, column ${column}: ${JSON.stringify(value)} is not a valid ${dataType}`,
    );
    this.column = column;
  }
}

/** DuckDB ran out of the memory the import may use (import-limits.ts answers it). */
export const isOutOfMemory = (error: unknown) =>
  error instanceof Error && error.message.startsWith('Out of Memory Error');

export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `CSV Error on Line: 3 … Expected Number of Columns: 2 Found: 3` → `Line 3: …`. */
function csvProblem(message: string): string | undefined {
  const line = /CSV Error on Line: (\d+)/.exec(message)?.[1];
  if (!line) return undefined;
  const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(message);
  if (columns) return `Line ${line}: expected ${columns[1]} columns, found ${columns[2]}`;
  if (message.includes('unterminated quote')) return `Line ${line}: a quoted value is not closed`;
  return `Line ${line}: the line cannot be read as CSV`;
}

/**
 * `read_csv` of the bound path as the dialect says, strictly (a malformed line is an error), each
 * column read as `typeOf` gives (DuckDB type names); `options` adds reader options.
 */
export function csvReader(dialect: CsvDialect, typeOf: (column: string) => string, options = '') {
  const columns = dialect.columns.map((name) => `${sqlText(name)}: '${typeOf(name)}'`).join(', ');
  return `read_csv(?, delim = ${sqlText(dialect.delimiter)}, quote = '"', escape = '"', header = ${dialect.header}, auto_detect = false, strict_mode = true, columns = {${columns}}${options})`;
}

/**
 * Loads the file into the connection's temporary stage table, in the file's order; with `rows`,
 * only its first rows (enough to infer types from).
 */
export async function stageFile(
  connection: DuckDBConnection,
  source: FileSource,
  rows?: number,
): Promise<void> {
  const reader =
    source.format === 'csv' ? csvReader(source.dialect!, () => 'VARCHAR') : 'read_parquet(?)';
  try {
    await connection.run(
      `CREATE OR REPLACE TEMP TABLE ${STAGE} AS SELECT * FROM ${reader}${rows === undefined ? '' : ` LIMIT ${rows}`}`,
      [source.path],
      [VARCHAR],
    );
  } catch (error) {
    if (isOutOfMemory(error)) throw error;
    const problem = csvProblem((error as Error).message);
    if (problem) throw invalidRequest(problem);
    throw invalidRequest(`The file cannot be read as ${source.format.toUpperCase()}`);
  }
}

export const text = (column: string) => `nullif(trim(${quoteIdentifier(column)}), '')`;
const commaNumber = (value: string) =>
  `TRY_CAST(replace(replace(${value}, '.', ''), ',', '.') AS DOUBLE)`;
// Patterns choose the reading first: a failing TRY_CAST costs far more than a regular expression.
export const matches = (value: string, pattern: string) =>
  `regexp_full_match(${value}, '${pattern}')`;
// Day-first dates as Spanish files write them, then ISO; other ISO timestamps (zones, fractions)
// go through DuckDB's timestamp cast, which only rows the formats missed pay for. Every format
// starts with digits, a separator, digits and a separator: values that do not are no date, and a
// pattern says so far sooner than failing `try_strptime` (inference tries every column as dates).
const dayFormats = ['%d/%m/%Y', '%d-%m-%Y', '%Y-%m-%d'];
const dateFormats = `[${[
  ...dayFormats,
  ...dayFormats.flatMap((day) => [`${day} %H:%M`, `${day} %H:%M:%S`]),
  '%Y-%m-%dT%H:%M:%S',
]
  .map((format) => `'${format}'`)
  .join(', ')}]`;
const datePrefix = String.raw`^\d+[-/]\d+[-/]\d`;
/** A day with its time of day (midnight when the value has none), or NULL. */
export const dateTimeOf = (value: string) =>
  `CASE WHEN regexp_matches(${value}, '${datePrefix}') THEN ` +
  `coalesce(try_strptime(${value}, ${dateFormats}), ` +
  `CASE WHEN ${matches(value, String.raw`\d{4}-\d{2}-\d{2}[T ].*`)} THEN TRY_CAST(${value} AS TIMESTAMP) END) END`;
/** The day of a value, whether or not it has a time. */
const dateOf = (value: string) => `CAST(${dateTimeOf(value)} AS DATE)`;
export const integerPattern = String.raw`-?\d{1,18}`;
export const pointPattern = String.raw`-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`;
export const commaPattern = String.raw`-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?`;
export const booleanOf = (value: string) =>
  `CASE WHEN lower(${value}) IN ('true', 'verdadero', 'sí', 'si', 'yes') THEN true ` +
  `WHEN lower(${value}) IN ('false', 'falso', 'no') THEN false END`;

/** The SQL reading a staged column as `dataType` (NULL where the value does not fit). */
export function valueOf(source: FileSource, column: ColumnDefinition): string {
  const name = quoteIdentifier(column.name);
  if (source.format !== 'csv') return `TRY_CAST(${name} AS ${duckTypes[column.dataType]})`;
  const value = text(column.name);
  switch (column.dataType) {
    case 'integer':
      return `TRY_CAST(${value} AS BIGINT)`;
    case 'number':
      // A column retyped by hand to number may use either decimal mark.
      return source.decimalComma.includes(column.name)
        ? commaNumber(value)
        : `coalesce(TRY_CAST(${value} AS DOUBLE), ${commaNumber(value)})`;
    case 'date':
      return dateOf(value);
    case 'datetime':
      return dateTimeOf(value);
    case 'boolean':
      return booleanOf(value);
    case 'string':
      return value;
  }
}

/**
 * Replaces `table` with the staged rows read as its declared types. The first value that does
 * not fit is refused with its line and column, and nothing is replaced.
 */
export async function writeStaged(
  connection: DuckDBConnection,
  source: FileSource,
  table: TableDefinition,
): Promise<void> {
  // One pass: each value is converted once, and a row whose value did not fit is flagged with the
  // index of its first such column. The flag and the staged row number stay in the table, unseen
  // by the model (it reads only declared columns).
  const inner = table.columns.flatMap((column, index) => [
    `${source.format === 'csv' ? text(column.name) : quoteIdentifier(column.name)} AS __raw${index}`,
    `${valueOf(source, column)} AS ${quoteIdentifier(column.name)}`,
  ]);
  const misfit = table.columns
    .map(
      (column, index) =>
        `WHEN __raw${index} IS NOT NULL AND ${quoteIdentifier(column.name)} IS NULL THEN ${index}`,
    )
    .join(' ');
  const typed = table.columns.map((column) => quoteIdentifier(column.name));
  await connection.run(
    `CREATE OR REPLACE TABLE ${FRESH} AS SELECT ${typed.join(', ')}, CASE ${misfit} END AS ${MISFIT}, ${STAGED_ROW} ` +
      `FROM (SELECT rowid AS ${STAGED_ROW}, ${inner.join(', ')} FROM ${STAGE})`,
  );
  const bad = (
    await connection.runAndReadAll(
      `SELECT ${STAGED_ROW}, ${MISFIT} FROM ${FRESH} WHERE ${MISFIT} IS NOT NULL ORDER BY ${STAGED_ROW} LIMIT 1`,
    )
  ).getRows()[0];
  if (bad) {
    await connection.run(`DROP TABLE ${FRESH}`);
    const column = table.columns[Number(bad[1])]!;
    const value = await connection.runAndReadAll(
      `SELECT CAST(${quoteIdentifier(column.name)} AS VARCHAR) FROM ${STAGE} WHERE rowid = ?`,
      [Number(bad[0])],
    );
    const line = Number(bad[0]) + firstLineOf(source);
    throw new ValueDoesNotFit(line, column.name, value.getRows()[0]?.[0], column.dataType);
  }
  await replaceWithFresh(connection, table.name);
}

/** Puts the fresh table in place of `table` in one transaction. */
export async function replaceWithFresh(connection: DuckDBConnection, table: string) {
  const name = quoteIdentifier(table);
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run(`DROP TABLE IF EXISTS ${name}`);
    await connection.run(`ALTER TABLE ${FRESH} RENAME TO ${name}`);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}
