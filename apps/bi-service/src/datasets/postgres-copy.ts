/**
 * Copies PostgreSQL relations into a dataset's DuckDB file (decision 0176): each relation streams
 * out of PostgreSQL with `COPY (…) TO STDOUT` as CSV into scratch files, which DuckDB's reader
 * loads with the column types the source declares while the next is written, so no value passes
 * through JavaScript one by one. All relations are copied in one DuckDB transaction, so a refresh
 * that fails anywhere leaves the last good data. The source session comes from `openSource`
 * (decision 0222): checked, read-only, with a statement time-out.
 */
import { VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import type { DataType } from '@vitrina/bi-model';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { SourceSession } from './source-access/open-source.ts';
import { quoteIdentifier } from './sql.ts';
import { loadInParts } from './csv-parts.ts';
import type { ColumnDefinition, TableDefinition } from './model.ts';
import { duckTypes } from './table-writer.ts';

/** A table (`schema.table`) or a named query of the source. */
export interface SourceRelation {
  /** The dataset table it becomes. */
  name: string;
  sql: string;
}

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
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/**
 * The reader's view of PostgreSQL's CSV: `""` is an empty text, an empty field is NULL, and a row
 * may be as long as PostgreSQL's largest value (1 GB; the reader's default stops at 2 MB).
 */
const csvOptions =
  `delim = ',', quote = '"', escape = '"', header = false, auto_detect = false, ` +
  `strict_mode = true, allow_quoted_nulls = false, max_line_size = ${2 ** 30}`;

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

/** The relation wrapped as one query, the same way for describing and for copying it. */
const wrapped = (relation: SourceRelation) => `SELECT * FROM (${relation.sql}) AS vitrina_source`;

async function describeRelation(source: pg.Client, relation: SourceRelation) {
  // The extended protocol takes one statement only: a query cannot end the read-only transaction
  // and run something else. The COPY below sends the same text, wrapped the same way, so it too
  // is one statement. (`queryMode` is pg's, missing from its type definitions.)
  const describe: pg.QueryConfig & { queryMode: 'extended' } = {
    text: `${wrapped(relation)} LIMIT 0`,
    queryMode: 'extended',
  };
  const { fields } = await source.query(describe);
  return fields.map((field) => ({
    column: {
      name: field.name,
      dataType: typeOfOid.get(field.dataTypeID) ?? 'string',
    } satisfies ColumnDefinition,
    // Timestamps keep their day as PostgreSQL writes it (in the session's time zone): they are
    // read as text and cut to the day. Every other column the reader types itself.
    timestamp: field.dataTypeID === TIMESTAMP || field.dataTypeID === TIMESTAMPTZ,
  }));
}

/** Rows go to DuckDB in files of about this size, each read while the next one is copied. */
const PART_BYTES = 8 * 1024 * 1024;

async function copyRelation(
  source: SourceSession,
  target: DuckDBConnection,
  relation: SourceRelation,
  scratch: string,
): Promise<TableDefinition> {
  await source.limit();
  const described = await describeRelation(source.client, relation);
  const columns = described.map(({ column }) => column);
  const table = quoteIdentifier(relation.name);
  const declared = columns.map(
    (column) => `${quoteIdentifier(column.name)} ${duckTypes[column.dataType]}`,
  );
  await target.run(`CREATE OR REPLACE TABLE ${table} (${declared.join(', ')})`);
  const readAs = described.map(
    ({ column, timestamp }, index) =>
      `'c${index}': '${timestamp ? 'VARCHAR' : duckTypes[column.dataType]}'`,
  );
  const select = described.map(({ timestamp }, index) =>
    timestamp ? `CAST(left(c${index}, 10) AS DATE)` : `c${index}`,
  );
  const insert =
    `INSERT INTO ${table} SELECT ${select.join(', ')} ` +
    `FROM read_csv(?, ${csvOptions}, columns = {${readAs.join(', ')}})`;
  await source.limit();
  await loadInParts(
    source.client.query(copyTo(`COPY (${wrapped(relation)}) TO STDOUT (FORMAT csv)`)),
    scratch,
    PART_BYTES,
    async (file) => {
      await target.run(insert, [file], [VARCHAR]);
    },
  );
  return { name: relation.name, columns };
}

/**
 * Copies every relation into `target` in one DuckDB transaction (rolled back on any failure) and
 * returns the tables as the source describes them. `scratch` is a private directory for the
 * copied rows on their way.
 */
export async function copyFromPostgres(
  source: SourceSession,
  target: DuckDBConnection,
  relations: readonly SourceRelation[],
  scratch: string,
): Promise<TableDefinition[]> {
  // A read-only snapshot: every relation is read as of the same moment, and nothing is written.
  await source.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  await target.run('BEGIN TRANSACTION');
  try {
    const tables: TableDefinition[] = [];
    for (const relation of relations)
      tables.push(await copyRelation(source, target, relation, scratch));
    await target.run('COMMIT');
    return tables;
  } catch (error) {
    await target.run('ROLLBACK');
    throw error;
  } finally {
    await source.client.query('ROLLBACK').catch(() => undefined);
  }
}
