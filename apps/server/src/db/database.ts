import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { createPrivateDir, ensurePrivateFile, restrictExisting } from '../private-files.ts';
import { adaptNodeSqlite } from '@vitrina/node-sqlite-kysely';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * PostgreSQL: the pool under `db`, for a library that runs its own SQL on the portal's
   * connections (pg-boss: its batches hold several statements, whose rows Kysely does not give).
   */
  pool?: pg.Pool;
}

/** `postgres://…` or `postgresql://…` selects PostgreSQL; anything else is a SQLite location. */
export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** `sqlite://path`, `sqlite::memory:`, `:memory:` or a bare file path → what node:sqlite opens. */
function sqliteLocation(url: string): string {
  if (url === ':memory:' || url === 'sqlite::memory:' || url === 'sqlite://:memory:')
    return ':memory:';
  return url.replace(/^sqlite:(\/\/)?/, '');
}

function openSqlite(url: string): Kysely<Database> {
  const location = sqliteLocation(url);
  const onDisk = location !== ':memory:';
  if (onDisk) {
    createPrivateDir(dirname(location));
    // SQLite gives the WAL and shared-memory files the database file's mode.
    ensurePrivateFile(location);
  }
  const database = new DatabaseSync(location);
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite.
  if (onDisk) {
    database.exec('PRAGMA journal_mode = WAL');
    restrictExisting([`${location}-wal`, `${location}-shm`]);
  }
  database.exec('PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: adaptNodeSqlite(database) }),
  });
}

// COUNT(*) and BIGINT come back as text from pg by default; every count here fits a double.
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
};

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes });
  return {
    dialect: 'postgres',
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    pool,
  };
}

/** Opens the database named by `url` (see `dialectOf`). Call `db.destroy()` to close it. */
export function openDatabase(url: string): DatabaseHandle {
  return dialectOf(url) === 'postgres'
    ? openPostgres(url)
    : { dialect: 'sqlite', db: openSqlite(url) };
}

/** Resolves when the database answers a trivial query (the readiness check). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
