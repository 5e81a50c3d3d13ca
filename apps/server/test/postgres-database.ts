import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

export interface TestDatabase extends DatabaseHandle {
  /** What `DATABASE_URL` would say to reach this database (another process can open it). */
  url: string;
  /** Closes the connection and drops the throw-away database. */
  drop(): Promise<void>;
}

/**
 * Creates the database `name` on the PostgreSQL server of `adminUrl`, migrated: the throw-away
 * database of a test or of a benchmark, a copy of `template` (an already migrated database) when
 * given. Kept apart from `helper.ts`, which probes the tests' server when imported, so that a
 * benchmark process can use it against its own server.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<TestDatabase> {
  const admin = openDatabase(adminUrl);
  await (
    template
      ? sql`create database ${sql.id(name)} template ${sql.id(template)}`
      : sql`create database ${sql.id(name)}`
  ).execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  if (!template) await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.db.destroy();
      await whenReleased(() => sql`drop database if exists ${sql.id(name)}`.execute(admin.db));
      await admin.db.destroy();
    },
  };
}

/**
 * Runs a statement that needs a database without sessions (drop, rename) once pg has let go:
 * its pool resolves `end()` slightly before its sockets are gone, and dropping `WITH (FORCE)`
 * right away would kill a closing connection and surface as an uncaught error, so retry politely.
 */
export async function whenReleased(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement();
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
