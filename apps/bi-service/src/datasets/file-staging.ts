/**
 * A file import in three steps on one DuckDB connection: stage the file in a temporary table
 * (CSV as text, read strictly; Parquet as typed), infer each column's type from the staged values
 * (integers, numbers with a decimal point or a Spanish decimal comma, ISO or dd/mm/yyyy dates,
 * booleans in English or Spanish), then write the typed table, refusing a value that does not fit
 * by its line and column before anything is replaced.
 */
import { VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import type { DataType } from '@vitrina/bi-model';
import { quoteIdentifier } from '../query/sql.ts';
import { invalidRequest } from '../rest/powerbi-error.ts';
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

const STAGE = '__vitrina_stage';
const LINE = '__vitrina_line';

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `CSV Error on Line: 3 … Expected Number of Columns: 2 Found: 3` → `Line 3: …`. */
function csvProblem(message: string): string | undefined {
  const line = /CSV Error on Line: (\d+)/.exec(message)?.[1];
  if (!line) return undefined;
  const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(message);
  if (columns) return `Line ${line}: expected ${columns[1]} columns, found ${columns[2]}`;
  if (message.includes('unterminated quote')) return `Line ${line}: a quoted value is not closed`;
  return `Line ${line}: the line cannot be read as CSV`;
}

/** Loads the file into the connection's temporary stage table, numbering its lines. */
export async function stageFile(connection: DuckDBConnection, source: FileSource): Promise<void> {
  let reader = 'read_parquet(?)';
  let firstLine = 1;
  if (source.format === 'csv') {
    const dialect = source.dialect!;
    const columns = dialect.columns.map((name) => `${sqlText(name)}: 'VARCHAR'`).join(', ');
    reader = `read_csv(?, delim = ${sqlText(dialect.delimiter)}, quote = '"', escape = '"', header = ${dialect.header}, auto_detect = false, strict_mode = true, columns = {${columns}})`;
    firstLine = dialect.header ? 2 : 1;
  }
  try {
    await connection.run(
      `CREATE OR REPLACE TEMP TABLE ${STAGE} AS SELECT row_number() OVER () + ${firstLine - 1} AS ${LINE}, * FROM ${reader}`,
      [source.path],
      [VARCHAR],
    );
  } catch (error) {
    const problem = csvProblem((error as Error).message);
    if (problem) throw invalidRequest(problem);
    throw invalidRequest(`The file cannot be read as ${source.format.toUpperCase()}`);
  }
}

const text = (column: string) => `nullif(trim(${quoteIdentifier(column)}), '')`;
const commaNumber = (value: string) =>
  `TRY_CAST(replace(replace(${value}, '.', ''), ',', '.') AS DOUBLE)`;
const dateOf = (value: string) =>
  `coalesce(TRY_CAST(${value} AS DATE), TRY_CAST(TRY_CAST(${value} AS TIMESTAMP) AS DATE), ` +
  `TRY_CAST(try_strptime(${value}, '%d/%m/%Y') AS DATE), TRY_CAST(try_strptime(${value}, '%d-%m-%Y') AS DATE))`;
const booleanOf = (value: string) =>
  `CASE WHEN lower(${value}) IN ('true', 'verdadero', 'sí', 'si', 'yes') THEN true ` +
  `WHEN lower(${value}) IN ('false', 'falso', 'no') THEN false END`;

/** The SQL reading a staged column as `dataType` (NULL where the value does not fit). */
function valueOf(source: FileSource, column: ColumnDefinition): string {
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
    .filter(({ name }) => name !== LINE);
  if (source.format !== 'csv') {
    const columns = staged.map(({ name, type }) => ({
      name,
      dataType: parquetTypes.find(([pattern]) => pattern.test(type))?.[1] ?? ('string' as const),
    }));
    return { columns, decimalComma: [] };
  }
  const counts = staged.flatMap(({ name }) => {
    const value = text(name);
    return [
      `count(${value})`,
      `count(TRY_CAST(${value} AS BIGINT))`,
      `count(TRY_CAST(${value} AS DOUBLE))`,
      `count(CASE WHEN regexp_full_match(${value}, '-?(\\d{1,3}(\\.\\d{3})+|\\d+)(,\\d+)?') THEN 1 END)`,
      `count(${dateOf(value)})`,
      `count(${booleanOf(value)})`,
    ];
  });
  const row = (await connection.runAndReadAll(`SELECT ${counts.join(', ')} FROM ${STAGE}`))
    .getRows()[0]!
    .map(Number);
  const decimalComma: string[] = [];
  const columns = staged.map(({ name }, index): ColumnDefinition => {
    const [present, ints, points, commas, dates, booleans] = row.slice(index * 6, index * 6 + 6);
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
): Promise<number> {
  const checks = table.columns.map((column) => {
    const present = source.format === 'csv' ? text(column.name) : quoteIdentifier(column.name);
    return `min(${LINE}) FILTER (WHERE ${present} IS NOT NULL AND ${valueOf(source, column)} IS NULL)`;
  });
  const firstBad = (
    await connection.runAndReadAll(`SELECT ${checks.join(', ')} FROM ${STAGE}`)
  ).getRows()[0]!;
  const badIndex = firstBad.findIndex((line) => line !== null);
  if (badIndex >= 0) {
    const column = table.columns[badIndex]!;
    const line = Number(firstBad[badIndex]);
    const value = await connection.runAndReadAll(
      `SELECT CAST(${quoteIdentifier(column.name)} AS VARCHAR) FROM ${STAGE} WHERE ${LINE} = ?`,
      [line],
    );
    throw invalidRequest(
      `Line ${line}, column ${column.name}: ${JSON.stringify(value.getRows()[0]?.[0])} is not a valid ${column.dataType}`,
    );
  }
  const select = table.columns.map(
    (column) => `${valueOf(source, column)} AS ${quoteIdentifier(column.name)}`,
  );
  await connection.run(
    `CREATE OR REPLACE TABLE ${quoteIdentifier(table.name)} AS SELECT ${select.join(', ')} FROM ${STAGE} ORDER BY ${LINE}`,
  );
  const count = await connection.runAndReadAll(
    `SELECT count(*) FROM ${quoteIdentifier(table.name)}`,
  );
  return Number(count.getRows()[0]?.[0]);
}
