import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { AuthenticatedUser, Role } from '@vitrina/contracts';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Environment } from '../src/config.ts';
import { openDatabase, type DialectName } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { tablesChildFirst, type Database } from '../src/db/schema.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createPasswordHasher } from '../src/lib/passwords.ts';
import { createSessionIssuer } from '../src/modules/auth/sessions.ts';
import { seedDemoAccounts } from '../demo/demo-accounts.ts';
import { createPostgresDatabase, type TestDatabase } from './postgres-database.ts';
import { migratedTemplate } from './postgres-template.ts';

export type { TestDatabase };

/** The PostgreSQL server tests use; each run creates and drops its own database there. */
const postgresAdminUrl =
  process.env['VITRINA_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function probePostgres(): Promise<boolean> {
  const { db } = openDatabase(postgresAdminUrl);
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000)),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

/** Whether PostgreSQL is reachable; warns loudly (once per file) when it is not. */
export const postgresAvailable = await probePostgres();
if (!postgresAvailable) {
  console.warn(
    `\n!!! PostgreSQL is not reachable at ${postgresAdminUrl}: the PostgreSQL variants of these tests are SKIPPED !!!\n`,
  );
}

/** Dialects to loop over: `describe.skipIf(!available)` skips PostgreSQL when unreachable. */
export const testDialects: { dialect: DialectName; available: boolean }[] = [
  { dialect: 'sqlite', available: true },
  { dialect: 'postgres', available: postgresAvailable },
];

/**
 * A fresh, migrated database: SQLite in memory, or a uniquely named PostgreSQL database copied
 * from the migrated template (postgres-template.ts).
 */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const handle = openDatabase(':memory:');
    await migrateToLatest(handle.db, handle.dialect);
    return { ...handle, url: ':memory:', drop: () => handle.db.destroy() };
  }
  return createPostgresDatabase(
    postgresAdminUrl,
    `vitrina_test_${process.pid}_${randomBytes(4).toString('hex')}`,
    await migratedTemplate(postgresAdminUrl),
  );
}

/** Empties every table (children first) so one database serves many isolated cases. */
export async function resetDatabase(db: Kysely<Database>): Promise<void> {
  for (const table of tablesChildFirst) await db.deleteFrom(table).execute();
}

/** Test configuration: cheap argon2, quiet logs, throw-away data directory. */
export function testEnvironment(dataDir: string, overrides: Environment = {}): Environment {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    VITRINA_DEMO: 'false',
    SYNC_INTERVAL_MINUTES: '0',
    SUBSCRIPTION_CHECK_SECONDS: '0',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACCOUNT_SECRET_KEY: randomBytes(32).toString('hex'),
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  db: Kysely<Database>;
  dialect: DialectName;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database of `dialect`. */
export async function buildTestApp(
  dialect: DialectName,
  options: { env?: Environment; clock?: Clock; logger?: BuildAppOptions['logger'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-server-test-'));
  const database = await createTestDatabase(dialect);
  const config = loadConfig(testEnvironment(dataDir, options.env));
  const app = await buildApp({
    config,
    database,
    seedDemoAccounts,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    dialect,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The double-submit pair tests send on every request. */
const testXsrf = 'test-xsrf-token';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  body?: unknown;
  /** Raw payload (for malformed JSON); wins over `body`. */
  payload?: string;
  token?: string | null;
  headers?: Record<string, string>;
  /** Send the XSRF cookie + header (default true). */
  xsrf?: boolean;
}

/** `app.inject` with bearer token, anti-forgery pair and JSON body. */
export function callApi(app: App, request: ApiRequest) {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers['authorization'] = `Bearer ${request.token}`;
  if (request.xsrf !== false) {
    headers['cookie'] = `XSRF-TOKEN=${testXsrf}`;
    headers['x-xsrf-token'] = testXsrf;
  }
  const hasBody = request.payload !== undefined || request.body !== undefined;
  if (hasBody) headers['content-type'] ??= 'application/json';
  return app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(hasBody ? { payload: request.payload ?? JSON.stringify(request.body) } : {}),
  });
}

const cheapHasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1 });
const hashCache = new Map<string, Promise<string>>();

export interface CreatedUser {
  id: number;
  username: string;
  password: string;
  rol: Role;
}

let userCounter = 0;

/**
 * An account row with no usable credentials, inserted directly: for tests and benchmarks that
 * need only its id and username.
 */
export async function insertAccount(
  db: Kysely<Database>,
  username: string,
  description = 'Cuenta de prueba',
) {
  const now = new Date().toISOString();
  return db
    .insertInto('accounts')
    .values({
      username,
      password_encrypted: 'not-a-real-ciphertext',
      client_id: randomUUID(),
      description,
      error: 0,
      message: null,
      last_sync_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Inserts a user directly (password hashed once per distinct password). */
export async function createUser(
  db: Kysely<Database>,
  fields: Partial<{
    username: string;
    password: string;
    rol: Role;
    firstname: string;
    lastname: string;
  }> = {},
): Promise<CreatedUser> {
  userCounter += 1;
  const password = fields.password ?? 'Clave1234';
  if (!hashCache.has(password)) hashCache.set(password, cheapHasher.hash(password));
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      username: fields.username ?? `usuario${userCounter}`,
      firstname: fields.firstname ?? `Nombre${userCounter}`,
      lastname: fields.lastname ?? `Apellido${userCounter}`,
      mail: `usuario${userCounter}@vitrina.test`,
      rol: fields.rol ?? 1,
      password_hash: await (hashCache.get(password) as Promise<string>),
      password_temporary: 0,
      failed_logins: 0,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'username', 'rol'])
    .executeTakeFirstOrThrow();
  return { id: row.id, username: row.username, password, rol: row.rol === 0 ? 0 : 1 };
}

/**
 * One login attempt from the client address `from` (the login limits count per address), whatever
 * the answer; `headers` adds to the JSON content type (a proxy's X-Forwarded-For, say).
 */
export function loginAttempt(
  app: App,
  from: string,
  credentials: { username: string; password: string },
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/user/authenticate',
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(credentials),
  });
}

/** Logs in through the API and returns the signed-in user with its tokens. */
export async function login(
  app: App,
  username: string,
  password: string,
): Promise<AuthenticatedUser> {
  const response = await callApi(app, {
    method: 'POST',
    url: '/api/user/authenticate',
    body: { username, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** An access token of a new session of `userId`, without a login (fast, for matrix-style tests). */
export async function tokenFor(app: App, userId: number): Promise<string> {
  return (await createSessionIssuer(app.context).issue(app.context.db, userId)).token;
}

/** A user of a test, signed in: its row's fields and an access token. */
export interface SignedIn extends CreatedUser {
  token: string;
}

/** A new user of role `rol` (0 administrator, 1 viewer) with a session, on `testApp`. */
export async function signIn(testApp: TestApp, rol: Role): Promise<SignedIn> {
  const user = await createUser(testApp.db, { rol });
  return { ...user, token: await tokenFor(testApp.app, user.id) };
}

/** Undoes quoted-printable (soft line breaks and =XX bytes) so tests can read the text. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
    );
}

/** The token of the unsubscribe link in a subscription mail's text. */
export function unsubscribeTokenIn(mail: string): string {
  return decodeURIComponent(/unsubscribe\?token=([^\s"&<]+)/.exec(mail)![1]!);
}

/** Follows an unsubscribe link twice, without a session: the two answers' status codes. */
export async function unsubscribeTwice(app: App, token: string): Promise<number[]> {
  const follow = () =>
    callApi(app, { method: 'POST', url: '/api/subscriptions/unsubscribe', body: { token } });
  return [(await follow()).statusCode, (await follow()).statusCode];
}

/** Mails written to DATA_DIR/outbox, oldest first, as RFC 822 text with the body decoded. */
export function readOutbox(dataDir: string): string[] {
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return [];
  }
  return files.map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')));
}

/** Row counts of every table: compare before and after to prove nothing was written. */
export async function snapshotCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tablesChildFirst) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}
