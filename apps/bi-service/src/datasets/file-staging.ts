/**
 * A file import in three steps on one DuckDB connection: stage the file in a temporary table
 * (CSV as text, read strictly; Parquet as typed), infer each column's type from the staged values
 * (integers, numbers with a decimal point or a Spanish decimal comma, ISO or dd/mm/yyyy dates,
 * booleans in English or Spanish), then write the typed table, refusing a value that does not fit
 * by its line and column before anything is replaced.
 */
import { closeSync, openSync, readSync } from 'node:fs';
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
/**
 * Types are inferred from the first rows: as many as make about 2.5 million values (so a wide
 * file's stage stays within the import's memory) and about 32 MB of the file (so a file of long
 * values does too: 50,000 rows of ten 1,000-character values staged 500 MB). A later value that
 * does not fit is caught on write.
 */
const INFERENCE_ROWS = 50_000;
const INFERENCE_VALUES = 2_500_000;
const INFERENCE_BYTES = 32 * 1024 * 1024;
/** However long its lines, a file's types come from at least its first rows (Power BI's 200). */
const INFERENCE_MIN_ROWS = 200;
const SAMPLE_BYTES = 1024 * 1024;

/** The average length of the file's first lines, from its first megabyte. */
function lineBytes(path: string): number {
  const sample = Buffer.alloc(SAMPLE_BYTES);
  const file = openSync(path, 'r');
  try {
    const length = readSync(file, sample, 0, SAMPLE_BYTES, 0);
    let lines = 0;
    for (let at = sample.indexOf(0x0a); at !== -1 && at < length; at = sample.indexOf(0x0a, at + 1))
      lines++;
    // A sample without a line break is one line at least that long.
    return length / Math.max(1, lines);
  } finally {
    closeSync(file);
  }
}

export function inferenceRows(columns: number, path: string) {
  const byBytes = Math.max(INFERENCE_MIN_ROWS, Math.floor(INFERENCE_BYTES / lineBytes(path)));
  return Math.min(INFERENCE_ROWS, Math.ceil(INFERENCE_VALUES / columns), byBytes);
}
/** Columns whose types one inference query counts. */
const INFERENCE_BATCH = 32;

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
const dateFormats = `['%d/%m/%Y', '%d-%m-%Y', '%Y-%m-%d', '%Y-%m-%d %H:%M:%S', '%Y-%m-%dT%H:%M:%S']`;
const datePrefix = String.raw`^\d+[-/]\d+[-/]\d`;
const dateOf = (value: string) =>
  `CASE WHEN regexp_matches(${value}, '${datePrefix}') THEN ` +
  `coalesce(CAST(try_strptime(${value}, ${dateFormats}) AS DATE), ` +
  `CASE WHEN ${matches(value, String.raw`\d{4}-\d{2}-\d{2}[T ].*`)} THEN TRY_CAST(TRY_CAST(${value} AS TIMESTAMP) AS DATE) END) END`;
const integerPattern = String.raw`-?\d{1,18}`;
const pointPattern = String.raw`-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`;
const commaPattern = String.raw`-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?`;
const booleanOf = (value: string) =>
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
    case 'boolean':
      return booleanOf(value);
    case 'string':
      return value;
  }
}

const parquetTypes: [RegExp, DataType][] = [
  [/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)$/, 'integer'],
  [/^(FLOAT|DOUBLE|DECIMAL.*)$/, 'number'],
  [/^(DATE|TIMESTAMP.*)$/, 'date'],
  [/^BOOLEAN$/, 'boolean'],
];

/** Each staged column's inferred type; for CSV also which numbers use a decimal comma. */
export async function inferColumns(
  connection: DuckDBConnection,
  source: FileSource,
): Promise<{ columns: ColumnDefinition[]; decimalComma: string[] }> {
  const described = await connection.runAndReadAll(`DESCRIBE ${STAGE}`);
  const staged = described
    .getRows()
    .map(([name, type]) => ({ name: String(name), type: String(type) }))
    .filter(({ name }) => name !== 'rowid');
  if (source.format !== 'csv') {
    const columns = staged.map(({ name, type }) => ({
      name,
      dataType: parquetTypes.find(([pattern]) => pattern.test(type))?.[1] ?? ('string' as const),
    }));
    return { columns, decimalComma: [] };
  }
  // "Every value matches" holds of the distinct values as of all of them, and a column of the
  // first rows (what the stage holds here) has far fewer distinct values than rows: each reading
  // is tried once per value.
  const where = (pattern: string) => `count(CASE WHEN ${matches('v', pattern)} THEN 1 END)`;
  const counts = [
    'count(v)',
    where(integerPattern),
    where(pointPattern),
    where(commaPattern),
    `count(${dateOf('v')})`,
    `count(${booleanOf('v')})`,
  ].join(', ');
  const perColumn = staged.map(
    ({ name }, index) =>
      `SELECT ${index} AS i, ${counts} FROM (SELECT DISTINCT ${text(name)} AS v FROM ${STAGE})`,
  );
  // A few columns a query: each column's DISTINCT holds a hash table while its query runs, and
  // a wide file's columns all at once outgrow the import's memory (decision 0223).
  const rows: number[][] = [];
  for (let from = 0; from < perColumn.length; from += INFERENCE_BATCH) {
    const batch = perColumn.slice(from, from + INFERENCE_BATCH).join(' UNION ALL ');
    const answer = await connection.runAndReadAll(`${batch} ORDER BY i`);
    rows.push(...answer.getRows().map((row) => row.slice(1).map(Number)));
  }
  const decimalComma: string[] = [];
  const columns = staged.map(({ name }, index): ColumnDefinition => {
    const [present, ints, points, commas, dates, booleans] = rows[index]!;
    const all = (count: number | undefined) => present! > 0 && count === present;
    if (all(ints)) return { name, dataType: 'integer' };
    if (all(points)) return { name, dataType: 'number' };
    if (all(commas)) {
      decimalComma.push(name);
      return { name, dataType: 'number' };
    }
    if (all(dates)) return { name, dataType: 'date' };
    if (all(booleans)) return { name, dataType: 'boolean' };
    return { name, dataType: 'string' };
  });
  return { columns, decimalComma };
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
