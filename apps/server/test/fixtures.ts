import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { App } from '../src/app.ts';
import type { DialectName } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { createSessionIssuer } from '../src/modules/auth/sessions.ts';
import {
  buildTestApp,
  createUser,
  insertAccount,
  resetDatabase,
  tokenFor,
  type CreatedUser,
  type TestApp,
} from './helper.ts';

/** A user that passes every validation rule of spec section 5: the base the bad cases vary. */
export const validUser = {
  username: 'mramos',
  firstname: 'María',
  lastname: 'Ramos',
  mail: 'maria@vitrina.test',
  rol: 1,
};

/** A small tenant: one account > workspace > two reports; the viewer holds the first report. */
export interface Fixture {
  administrator: CreatedUser;
  /** The viewer who owns the resources used in requests (their id goes in paths and bodies). */
  viewer: CreatedUser;
  /** A second viewer with no permissions, to prove users cannot reach each other's data. */
  otherViewer: CreatedUser;
  account: { id: number };
  workspace: { id: number; biId: string };
  /** Granted to `viewer`, and marked favorite by them. */
  report: { id: number; biId: string; uid: string };
  /** Granted to nobody. */
  hiddenReport: { id: number; biId: string; uid: string };
  /** A daily subscription of `viewer` to `report`, for themselves. */
  subscription: { id: number };
  /** A provider group seen at a sign-in, with no grants. */
  group: string;
  tokens: { administrator: string; viewer: string; otherViewer: string };
  /** A fresh refresh token of `userId` (each use spends one). */
  issueRefreshToken(userId: number): Promise<string>;
}

const guid = () => {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

async function insertReport(db: Kysely<Database>, workspaceId: number, name: string) {
  const biId = guid();
  const uid = createHash('sha256').update(biId).digest('hex').slice(0, 16);
  const row = await db
    .insertInto('reports')
    .values({
      workspace_id: workspaceId,
      uid,
      bi_id: biId,
      name,
      kind: 'report',
      embed_url: `http://bi.test/reportEmbed?reportId=${biId}`,
      dataset_id: guid(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, biId, uid };
}

/** Seeds the fixture through the database (not the API), so every case starts the same. */
export async function seedFixture(app: App, db: Kysely<Database>): Promise<Fixture> {
  const administrator = await createUser(db, { username: 'admin', rol: 0 });
  const viewer = await createUser(db, { username: 'lectora', rol: 1 });
  const otherViewer = await createUser(db, { username: 'otrolector', rol: 1 });
  const account = await insertAccount(db, 'integracion@vitrina.test');
  const now = new Date().toISOString();
  const workspaceBiId = guid();
  const workspace = await db
    .insertInto('workspaces')
    .values({ account_id: account.id, bi_id: workspaceBiId, name: 'Comercial' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const report = await insertReport(db, workspace.id, 'Ventas');
  const hiddenReport = await insertReport(db, workspace.id, 'Margen');
  await db
    .insertInto('permissions')
    .values({ user_id: viewer.id, account_element_id: report.biId, element_type: 'report' })
    .execute();
  await db.insertInto('favorites').values({ user_id: viewer.id, report_id: report.id }).execute();
  const subscription = await db
    .insertInto('subscriptions')
    .values({
      owner_id: viewer.id,
      report_uid: report.uid,
      format: 'PDF',
      pages: '[]',
      bookmark_state: null,
      frequency: 'daily',
      time: '08:00',
      time_zone: 'America/Lima',
      days: '[]',
      start_date: now.slice(0, 10),
      end_date: null,
      subject: 'Ventas del día',
      message: '',
      paused: 0,
      next_run_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subscription_recipients')
    .values({
      subscription_id: subscription.id,
      user_id: viewer.id,
      unsubscribe_nonce: 'n'.repeat(24),
    })
    .execute();
  const group = 'ventas';
  await db.insertInto('provider_groups').values({ name: group, last_seen_at: now }).execute();

  const sessions = createSessionIssuer(app.context);
  return {
    administrator,
    viewer,
    otherViewer,
    account,
    workspace: { id: workspace.id, biId: workspaceBiId },
    report,
    hiddenReport,
    subscription,
    group,
    tokens: {
      administrator: await tokenFor(app, administrator.id),
      viewer: await tokenFor(app, viewer.id),
      otherViewer: await tokenFor(app, otherViewer.id),
    },
    issueRefreshToken: async (userId) => (await sessions.issue(db, userId)).refreshToken,
  };
}

/**
 * Registers the usual lifecycle: one app per dialect for the file, and a freshly reset and seeded
 * database before every test. Read `state.context` and `state.fixture` inside the tests.
 */
export function useSeededApp(
  dialect: DialectName,
  available: boolean,
  options: Parameters<typeof buildTestApp>[1] = {},
): { context: TestApp; fixture: Fixture } {
  const state = {} as { context: TestApp; fixture: Fixture };
  beforeAll(async () => {
    if (available) state.context = await buildTestApp(dialect, options);
  });
  afterAll(async () => state.context?.close());
  beforeEach(async () => {
    if (!available) return;
    await resetDatabase(state.context.db);
    state.fixture = await seedFixture(state.context.app, state.context.db);
  });
  return state;
}

/**
 * A database that `open` makes before the describe block's tests and that is dropped after them.
 * Call the answer inside the tests.
 */
export function useSuiteDatabase<T extends { drop(): Promise<void> }>(
  open: () => Promise<T>,
): () => T {
  let database: T | undefined;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.drop());
  return () => {
    if (!database) throw new Error('The suite database opens in beforeAll');
    return database;
  };
}

/** An open of the fixture's report by its viewer at `atMs`, written straight to the usage table. */
export async function insertOpen(db: Kysely<Database>, f: Fixture, atMs: number): Promise<void> {
  await db
    .insertInto('usage_opens')
    .values({
      at_ms: atMs,
      day: Math.floor(atMs / 86_400_000),
      report_uid: f.report.uid,
      user_id: f.viewer.id,
      account_id: f.account.id,
      workspace_id: f.workspace.biId,
      phone: 0,
    })
    .execute();
}
