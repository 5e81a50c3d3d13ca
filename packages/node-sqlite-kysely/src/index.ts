import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite dialect expects better-sqlite3's shape (a native addon, which this project avoids:
 * see DESIGN.md); this adapts Node's built-in `node:sqlite` to it for both servers.
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
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}
