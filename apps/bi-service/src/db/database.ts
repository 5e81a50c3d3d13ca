import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import { ensurePrivateDirectory, ensurePrivateFile } from '../platform/private-files.ts';
import { adaptNodeSqlite } from '@vitrina/node-sqlite-kysely';
import type { BiDatabase } from './schema.ts';

/** Metadata schema: identities, workspaces and the content items they hold. */
const schema = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS apps (
  client_id TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  -- NULL for public clients (password grant); argon2id hash for confidential ones.
  secret_hash TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS workspaces (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS memberships (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  principal_kind TEXT NOT NULL CHECK (principal_kind IN ('user', 'app')),
  principal_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('Admin', 'Member', 'Contributor', 'Viewer')),
  PRIMARY KEY (workspace_id, principal_kind, principal_id)
);
CREATE TABLE IF NOT EXISTS datasets (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- JSON array of row-level-security role names; non-empty means an identity is required.
  roles TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS reports (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  dataset_id TEXT NOT NULL REFERENCES datasets(id),
  name TEXT NOT NULL,
  report_type TEXT NOT NULL CHECK (report_type IN ('PowerBIReport', 'PaginatedReport')),
  current_revision INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS report_revisions (
  report_id TEXT NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL,
  definition TEXT NOT NULL,
  saved_by TEXT NOT NULL,
  saved_at TEXT NOT NULL,
  PRIMARY KEY (report_id, revision)
);
-- The embed token (jti) that made a report by save as or create: besides the tokens generated for
-- the report, only that one reaches it (decision 0224). A table of its own, so that a database
-- made before it gains it with CREATE TABLE IF NOT EXISTS.
CREATE TABLE IF NOT EXISTS report_creator_tokens (
  report_id TEXT PRIMARY KEY REFERENCES reports(id) ON DELETE CASCADE,
  token_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS dashboards (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  display_name TEXT NOT NULL,
  is_read_only INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tiles (
  id TEXT PRIMARY KEY,
  dashboard_id TEXT NOT NULL REFERENCES dashboards(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  report_id TEXT NOT NULL REFERENCES reports(id),
  dataset_id TEXT NOT NULL REFERENCES datasets(id),
  page_name TEXT NOT NULL,
  visual_name TEXT NOT NULL,
  row_index INTEGER NOT NULL,
  col_index INTEGER NOT NULL,
  row_span INTEGER NOT NULL,
  col_span INTEGER NOT NULL
);
-- Datasets filled at run time (push API, file import, PostgreSQL source): their definition and a
-- version that changes with every write, so caches can key on it.
CREATE TABLE IF NOT EXISTS owned_datasets (
  dataset_id TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE,
  source_kind TEXT NOT NULL CHECK (source_kind IN ('push', 'import', 'postgres')),
  definition TEXT NOT NULL,
  retention TEXT NOT NULL DEFAULT 'None' CHECK (retention IN ('None', 'basicFIFO')),
  -- JSON: how to read the data again (an imported file's dialect; a PostgreSQL source).
  source TEXT NOT NULL DEFAULT '{}',
  version INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);
-- File imports (POST …/imports), polled with GET …/imports/{id}.
CREATE TABLE IF NOT EXISTS imports (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('Publishing', 'Succeeded', 'Failed')),
  dataset_id TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- Refreshes of datasets with a source (GET …/refreshes), newest first by id.
CREATE TABLE IF NOT EXISTS refreshes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  dataset_id TEXT NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  request_id TEXT NOT NULL,
  refresh_type TEXT NOT NULL CHECK (refresh_type IN ('Scheduled', 'OnDemand', 'ViaApi')),
  status TEXT NOT NULL CHECK (status IN ('Unknown', 'Completed', 'Failed')),
  start_time TEXT NOT NULL,
  end_time TEXT,
  error TEXT
);
-- Export To File jobs (POST …/ExportTo), polled with GET …/exports/{id}; the file itself lives
-- under the data directory. retry_after: seconds a Failed job tells callers to wait before
-- asking again (busy or restarted), NULL for a permanent failure.
CREATE TABLE IF NOT EXISTS export_jobs (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  report_id TEXT NOT NULL,
  report_name TEXT NOT NULL,
  format TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('NotStarted', 'Running', 'Succeeded', 'Failed')),
  percent_complete INTEGER NOT NULL DEFAULT 0,
  file_extension TEXT,
  error_code TEXT,
  error_message TEXT,
  retry_after INTEGER,
  created_at TEXT NOT NULL,
  last_action_at TEXT NOT NULL,
  expires_at TEXT
);
`;

export type BiDb = Kysely<BiDatabase>;

/**
 * Opens (creating if needed) the metadata database under `dataDir`; ':memory:' for throw-away
 * use. The file is created owner-only before SQLite opens it: SQLite gives its WAL and shared
 * memory files the database file's mode. Close with `db.destroy()`.
 */
export function openDatabase(dataDir: string | ':memory:'): BiDb {
  let location = ':memory:';
  if (dataDir !== ':memory:') {
    ensurePrivateDirectory(dataDir);
    location = join(dataDir, 'metadata.db');
    ensurePrivateFile(location);
    // Files an older version left world-readable are tightened too.
    for (const companion of [`${location}-wal`, `${location}-shm`]) {
      if (existsSync(companion)) chmodSync(companion, 0o600);
    }
  }
  const database = new DatabaseSync(location);
  database.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  database.exec(schema);
  return new Kysely<BiDatabase>({
    dialect: new SqliteDialect({ database: adaptNodeSqlite(database) }),
  });
}

/** Runs `work` in a transaction, or in the caller's when `db` already is one. */
export const inOneTransaction = <T>(db: BiDb, work: (trx: BiDb) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);
