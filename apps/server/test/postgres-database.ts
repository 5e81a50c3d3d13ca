import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';

export interface TestDatabase extends DatabaseHandle {
  /** What `DATABASE_URL` would say to reach this database (another process can open it). */
  url: string;
  /** Closes the connection and drops the throw-away database. */
  drop(): Promise<void>;
}

/**
 * Creates the database `name` on the PostgreSQL server of `adminUrl` and migrates it: the
 * throw-away database of a test or of a benchmark. Kept apart from `helper.ts`, which probes the
 * tests' server when imported, so that a benchmark process can use it against its own server.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  name: string,
): Promise<TestDatabase> {
  const admin = openDatabase(adminUrl);
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.db.destroy();
      await dropWhenReleased(admin.db, name);
      await admin.db.destroy();
    },
  };
}

/**
 * pg's pool resolves `end()` slightly before its sockets are gone; dropping `WITH (FORCE)` right
 * away would kill a closing connection and surface as an uncaught error, so retry politely.
 */
async function dropWhenReleased(admin: Kysely<Database>, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await sql`drop database if exists ${sql.id(name)}`.execute(admin);
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
