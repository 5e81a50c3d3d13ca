import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite dialect expects better-sqlite3's shape (a native addon we avoid); this adapts
 * Node's built-in `node:sqlite` to it. The portal server has the same adapter: a shared package
 * would remove the twin (see docs/decisions/0106-bi-storage-on-kysely.md).
 */
export function adaptNodeSqlite(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) => adaptStatement(database.prepare(sql)),
  };
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
  return {
    // A statement returns rows exactly when it has result columns (SELECT, RETURNING, PRAGMA).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    iterate: (parameters) => statement.iterate(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
  };
}

/** node:sqlite binds numbers, bigints, text, bytes and null only. */
function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}
