/**
 * Copies PostgreSQL relations into a dataset's DuckDB file: rows are read through a server-side
 * cursor in batches (the `pg` driver, values as text) and written with DuckDB's appender, all
 * relations in one DuckDB transaction, so a refresh that fails anywhere leaves the last good data.
 */
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import type { DataType } from '@vitrina/bi-model';
import pg from 'pg';
import { quoteIdentifier } from './sql.ts';
import type { ColumnDefinition, TableDefinition } from './model.ts';
import { duckTypes } from './table-writer.ts';

/** A table (`schema.table`) or a named query of the source. */
export interface SourceRelation {
  /** The dataset table it becomes. */
  name: string;
  sql: string;
}

const BATCH_ROWS = 10_000;

/** PostgreSQL type OIDs → the model's types; anything else is text. */
const typeOfOid = new Map<number, DataType>([
  [20, 'integer'],
  [21, 'integer'],
  [23, 'integer'],
  [700, 'number'],
  [701, 'number'],
  [1700, 'number'],
  [16, 'boolean'],
  [1082, 'date'],
  [1114, 'date'],
  [1184, 'date'],
]);

/** Every value arrives as PostgreSQL's text; the appender gets it in the column's type. */
const asText = { getTypeParser: () => (value: string) => value };

export function relationsOf(
  tables: readonly string[],
  queries: readonly { name: string; sql: string }[],
): SourceRelation[] {
  const fromTables = tables.map((qualified) => {
    const [schema, table] = qualified.split('.') as [string, string];
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    return { name: table, sql: `SELECT * FROM ${quote(schema)}.${quote(table)}` };
  });
  return [...fromTables, ...queries];
}

function appendText(appender: DuckDBAppender, dataType: DataType, value: string | null): void {
  if (value === null) appender.appendNull();
  else if (dataType === 'integer') appender.appendBigInt(BigInt(value));
  else if (dataType === 'number') appender.appendDouble(Number(value));
  else if (dataType === 'boolean') appender.appendBoolean(value === 't');
  else if (dataType === 'date') appender.appendVarchar(value.slice(0, 10));
  else appender.appendVarchar(value);
}

async function copyRelation(
  source: pg.Client,
  target: DuckDBConnection,
  relation: SourceRelation,
): Promise<TableDefinition> {
  // The extended protocol takes one statement only: a query cannot end the read-only transaction
  // and run something else. (`queryMode` is pg's, missing from its type definitions.)
  const declare: pg.QueryConfig & { queryMode: 'extended' } = {
    text: `DECLARE vitrina_copy NO SCROLL CURSOR FOR ${relation.sql}`,
    queryMode: 'extended',
  };
  await source.query(declare);
  const fetch = () =>
    source.query<string[]>({
      text: `FETCH FORWARD ${BATCH_ROWS} FROM vitrina_copy`,
      rowMode: 'array',
      types: asText,
    });
  let batch = await fetch();
  const columns: ColumnDefinition[] = batch.fields.map((field) => ({
    name: field.name,
    dataType: typeOfOid.get(field.dataTypeID) ?? 'string',
  }));
  const table: TableDefinition = { name: relation.name, columns };
  const declared = columns.map(
    (column) => `${quoteIdentifier(column.name)} ${duckTypes[column.dataType]}`,
  );
  await target.run(
    `CREATE OR REPLACE TABLE ${quoteIdentifier(table.name)} (${declared.join(', ')})`,
  );
  const appender = await target.createAppender(table.name);
  try {
    while (batch.rows.length > 0) {
      for (const row of batch.rows) {
        columns.forEach((column, index) => appendText(appender, column.dataType, row[index]!));
        appender.endRow();
      }
      batch = await fetch();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  await source.query('CLOSE vitrina_copy');
  return table;
}

/**
 * Copies every relation into `target` in one DuckDB transaction (rolled back on any failure) and
 * returns the tables as the source describes them.
 */
export async function copyFromPostgres(
  connectionString: string,
  target: DuckDBConnection,
  relations: readonly SourceRelation[],
): Promise<TableDefinition[]> {
  const source = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await source.connect();
  try {
    // A read-only snapshot: every relation is read as of the same moment, and nothing is written.
    await source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await target.run('BEGIN TRANSACTION');
    try {
      const tables: TableDefinition[] = [];
      for (const relation of relations) tables.push(await copyRelation(source, target, relation));
      await target.run('COMMIT');
      return tables;
    } catch (error) {
      await target.run('ROLLBACK');
      throw error;
    } finally {
      await source.query('ROLLBACK').catch(() => undefined);
    }
  } finally {
    await source.end();
  }
}
