import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createContentCache } from './content-cache.ts';

let handle: DatabaseHandle;
let accountId = 0;
let clock = 0;

async function addReport(name: string) {
  const workspace = await handle.db
    .insertInto('workspaces')
    .values({ account_id: accountId, bi_id: `ws-${name}`, name: `Área ${name}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await handle.db
    .insertInto('reports')
    .values({
      workspace_id: workspace.id,
      uid: `uid-${name}`,
      bi_id: `r-${name}`,
      name,
      kind: 'report',
      embed_url: 'x',
    })
    .execute();
}

beforeAll(async () => {
  handle = openDatabase(':memory:');
  await migrateToLatest(handle.db, handle.dialect);
  const now = new Date().toISOString();
  accountId = (
    await handle.db
      .insertInto('accounts')
      .values({
        username: 'cuenta@vitrina.test',
        password_encrypted: 'x',
        client_id: 'app',
        description: 'Cuenta',
        error: 0,
        message: null,
        last_sync_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await addReport('uno');
});
afterAll(() => handle.db.destroy());

describe('content cache', () => {
  it('shares one load, serves it until invalidated or too old', async () => {
    const cache = createContentCache({ db: handle.db, now: () => clock, maxAgeMs: 1000 });
    const [first, second] = await Promise.all([cache.get(), cache.get()]);
    expect(second).toBe(first);
    await addReport('dos');
    expect(await cache.get()).toBe(first);
    cache.invalidate();
    const reloaded = await cache.get();
    expect(reloaded).not.toBe(first);
    expect(reloaded.reportsByUid.has('uid-dos')).toBe(true);
    clock += 1000;
    expect(await cache.get()).not.toBe(reloaded);
  });

  it('reloads for a missed lookup only when newer reports exist', async () => {
    const cache = createContentCache({ db: handle.db, now: () => clock });
    const snapshot = await cache.get();
    expect(await cache.refreshIfChanged(snapshot)).toBe(snapshot);
    await addReport('tres');
    const refreshed = await cache.refreshIfChanged(snapshot);
    expect(refreshed.reportsByUid.get('uid-tres')?.workspace.name).toBe('Área tres');
  });

  it('does not keep a snapshot that was loading while content changed', async () => {
    const cache = createContentCache({ db: handle.db, now: () => clock });
    const loading = cache.get();
    cache.invalidate();
    await loading;
    expect(await cache.get()).not.toBe(await loading);
  });
});
