/**
 * The machine's PostgreSQL (trust auth) for the source tests: each test file gets a database and a
 * login role of its own (a reader with SELECT on the `tienda` schema and nothing of the server's
 * powers), both dropped afterwards. Files skip loudly when PostgreSQL is not reachable.
 */
import pg from 'pg';

export const adminUrl =
  process.env['VITRINA_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Whether PostgreSQL answers; warns once per file when it does not. */
export async function postgresAvailable(): Promise<boolean> {
  const available = await reachable();
  if (!available) console.warn(`SKIPPED: PostgreSQL is not reachable at ${adminUrl}`);
  return available;
}

/** `adminUrl` as `user` on `database`. */
export function urlAs(user: string, database: string): string {
  const url = new URL(adminUrl);
  url.username = user;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `sql` (several statements allowed) on `url`. */
export async function runSql(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  /** The reader role's name. */
  reader: string;
  /** The reader on the database: what sources connect with. */
  readerUrl: string;
  /** The superuser on the database: what the test sets data up with. */
  ownerUrl: string;
  drop(): Promise<void>;
}

/** Creates `<prefix>_<pid>_<time>` and its reader role, with an empty `tienda` schema. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const reader = `${name}_lector`;
  await runSql(adminUrl, `CREATE DATABASE ${name}`);
  await runSql(adminUrl, `CREATE ROLE ${reader} LOGIN`);
  const ownerUrl = urlAs(new URL(adminUrl).username, name);
  await runSql(
    ownerUrl,
    `CREATE SCHEMA tienda;
     GRANT USAGE ON SCHEMA tienda TO ${reader};
     ALTER DEFAULT PRIVILEGES IN SCHEMA tienda GRANT SELECT ON TABLES TO ${reader};`,
  );
  return {
    name,
    reader,
    readerUrl: urlAs(reader, name),
    ownerUrl,
    async drop() {
      await runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await runSql(adminUrl, `DROP ROLE IF EXISTS ${reader}`);
    },
  };
}
