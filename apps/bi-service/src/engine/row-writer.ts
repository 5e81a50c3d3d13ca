/**
 * Pushed rows into a table of a dataset's DuckDB file. Every row is checked against the declared
 * column types before anything is written, then the rows go in through DuckDB's appender in one
 * transaction: a bad row rejects the whole call and writes nothing.
 */
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import type { DataType } from '@vitrina/bi-model';
import { quoteIdentifier } from './sql.ts';
import { invalidRequest } from '../http/powerbi-error.ts';
import type { DatasetStore } from './dataset-store.ts';
import type { TableDefinition } from './model.ts';
import { RESERVED_PREFIX } from './push-definition.ts';
import { duckTypes } from './table-writer.ts';

/** Insertion order of pushed rows, so that basicFIFO drops the oldest. */
const ROW_ORDER_COLUMN = `${RESERVED_PREFIX}_row`;

export type PushCell = string | number | boolean | null;
type Checked = string | number | boolean | null;

const isoDate =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The value as the column stores it, or undefined when it does not fit the type. */
function checkCell(dataType: DataType, value: PushCell): Checked | undefined {
  if (value === null) return null;
  switch (dataType) {
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'string':
      return typeof value === 'boolean' ? undefined : String(value);
    case 'date': {
      // A date column keeps the day of a value written with a time.
      const day = typeof value === 'string' ? isoDate.exec(value)?.[1] : undefined;
      return day && !Number.isNaN(Date.parse(day)) ? day : undefined;
    }
    case 'datetime': {
      // The day and time as written; a zone is dropped, as Power BI keeps the clock time.
      const parts = typeof value === 'string' ? isoDate.exec(value) : null;
      if (!parts || Number.isNaN(Date.parse(parts[1]!))) return undefined;
      return `${parts[1]} ${parts[2] ?? '00:00:00'}`;
    }
  }
}

/** Rows in column order, checked; throws InvalidRequest naming the first bad row and column. */
export function checkRows(
  table: TableDefinition,
  rows: readonly Record<string, PushCell>[],
): Checked[][] {
  const known = new Set(table.columns.map((column) => column.name));
  return rows.map((row, index) => {
    const unknown = Object.keys(row).find((name) => !known.has(name));
    if (unknown)
      throw invalidRequest(`Row ${index + 1}: table ${table.name} has no column ${unknown}`);
    return table.columns.map((column) => {
      const value = row[column.name] ?? null;
      const checked = checkCell(column.dataType, value);
      if (checked === undefined)
        throw invalidRequest(
          `Row ${index + 1}, column ${column.name}: ${JSON.stringify(value)} is not a valid ${column.dataType}`,
        );
      return checked;
    });
  });
}

function appendCell(appender: DuckDBAppender, dataType: DataType, value: Checked): void {
  if (value === null) appender.appendNull();
  else if (dataType === 'integer') appender.appendBigInt(BigInt(value as number));
  else if (dataType === 'number') appender.appendDouble(value as number);
  else if (dataType === 'boolean') appender.appendBoolean(value as boolean);
  else appender.appendVarchar(String(value)); // strings, and dates as 'YYYY-MM-DD' (cast by DuckDB)
}

/** Creates (or replaces) a pushed table: its columns plus the row-order column. */
export async function createPushTable(
  connection: DuckDBConnection,
  table: TableDefinition,
): Promise<void> {
  const columns = table.columns.map(
    (column) => `${quoteIdentifier(column.name)} ${duckTypes[column.dataType]}`,
  );
  columns.push(`${quoteIdentifier(ROW_ORDER_COLUMN)} BIGINT`);
  await connection.run(
    `CREATE OR REPLACE TABLE ${quoteIdentifier(table.name)} (${columns.join(', ')})`,
  );
}

async function inTransaction(connection: DuckDBConnection, work: () => Promise<void>) {
  await connection.run('BEGIN TRANSACTION');
  try {
    await work();
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

/** Appends checked rows in one transaction; `keepLatest` drops the oldest beyond it (basicFIFO). */
export async function appendRows(
  store: DatasetStore,
  table: TableDefinition,
  rows: readonly Checked[][],
  keepLatest?: number,
): Promise<void> {
  const name = quoteIdentifier(table.name);
  const order = quoteIdentifier(ROW_ORDER_COLUMN);
  await store.withConnection((connection) =>
    inTransaction(connection, async () => {
      const last = await connection.runAndReadAll(`SELECT coalesce(max(${order}), 0) FROM ${name}`);
      let next = BigInt(last.getRows()[0]?.[0] as bigint | number) + 1n;
      const appender = await connection.createAppender(table.name);
      try {
        for (const row of rows) {
          table.columns.forEach((column, index) =>
            appendCell(appender, column.dataType, row[index] ?? null),
          );
          appender.appendBigInt(next++);
          appender.endRow();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
      if (keepLatest !== undefined) {
        await connection.run(`DELETE FROM ${name} WHERE ${order} <= ?`, [
          Number(next - 1n) - keepLatest,
        ]);
      }
    }),
  );
}

/** DELETE …/rows: empties the table. */
export async function clearRows(store: DatasetStore, table: TableDefinition): Promise<void> {
  await store.withConnection((connection) =>
    connection.run(`DELETE FROM ${quoteIdentifier(table.name)}`).then(() => undefined),
  );
}

/** Rebuilds a table under a new column list, keeping the rows and casting what still exists. */
export async function reshapeTable(
  store: DatasetStore,
  before: TableDefinition,
  after: TableDefinition,
) {
  const select = after.columns.map((column) => {
    const kept = before.columns.some((old) => old.name === column.name);
    const value = kept ? quoteIdentifier(column.name) : 'NULL';
    return `TRY_CAST(${value} AS ${duckTypes[column.dataType]}) AS ${quoteIdentifier(column.name)}`;
  });
  select.push(quoteIdentifier(ROW_ORDER_COLUMN));
  const name = quoteIdentifier(after.name);
  await store.withConnection((connection) =>
    connection.run(`CREATE OR REPLACE TABLE ${name} AS SELECT ${select.join(', ')} FROM ${name}`),
  );
}
