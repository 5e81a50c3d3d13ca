/**
 * The copies query workers read (decision 0308): a copy made while a write runs holds one whole
 * version, a page gets a copy at least as new as the version it was keyed on, and copies are
 * removed only once they are neither of the newest two nor read by any page.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatasetStore } from '../src/engine/dataset-store.ts';
import type { DatasetDefinition } from '../src/engine/model.ts';
import { PublishedSnapshots } from '../src/engine/published-snapshots.ts';

const definition: DatasetDefinition = { id: 'd1', name: 'Números', tables: [], relationships: [] };

let directory: string;
let store: DatasetStore;
let retired: string[];
let snapshots: PublishedSnapshots;
beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'vitrina-snapshots-'));
  store = await DatasetStore.open(definition, ':memory:');
  await store.withConnection((connection) => connection.run('CREATE TABLE numbers (n INTEGER)'));
  retired = [];
  snapshots = new PublishedSnapshots(join(directory, 'published'), (file) => retired.push(file));
});
afterEach(() => {
  store.close();
  rmSync(directory, { recursive: true, force: true });
});

/** Rows in the copy, read as a worker reads it: another instance, read-only. */
async function rowsIn(file: string): Promise<number> {
  const copy = await DatasetStore.open(definition, file, { access_mode: 'READ_ONLY' });
  try {
    const [[count]] = (await copy.query({ sql: 'SELECT count(*) FROM numbers', params: [] })) as [
      [number],
    ];
    return count;
  } finally {
    copy.close();
  }
}

const insertTwoBatches = () =>
  store.withConnection(async (connection) => {
    await connection.run('BEGIN TRANSACTION');
    await connection.run('INSERT INTO numbers SELECT range FROM range(1000)');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await connection.run('INSERT INTO numbers SELECT range FROM range(1000)');
    await connection.run('COMMIT');
  });

describe('published snapshots', () => {
  it('copies one whole version while a write runs, and a newer one once it has ended', async () => {
    const writing = insertTwoBatches();
    const during = await snapshots.lease(store);
    expect([0, 2000]).toContain(await rowsIn(during.file));
    during.release();
    await writing;
    const after = await snapshots.lease(store);
    expect(after.version).toBeGreaterThan(during.version);
    expect(await rowsIn(after.file)).toBe(2000);
    after.release();
  });

  it('lends the same copy to pages of the same version, and makes none on the write path', async () => {
    const first = await snapshots.lease(store);
    const second = await snapshots.lease(store);
    expect(second.file).toBe(first.file);
    await insertTwoBatches();
    // The write made no copy: the next page asks for one.
    const third = await snapshots.lease(store);
    expect(third.file).not.toBe(first.file);
    for (const lease of [first, second, third]) lease.release();
  });

  it('removes a copy once it is neither of the newest two nor read by a page', async () => {
    const held = await snapshots.lease(store);
    const files = [held.file];
    for (let round = 0; round < 3; round += 1) {
      await insertTwoBatches();
      const lease = await snapshots.lease(store);
      files.push(lease.file);
      lease.release();
    }
    // The held copy stays while its page reads it; the second copy is gone (neither new nor read).
    expect(files.map((file) => existsSync(file))).toEqual([true, false, true, true]);
    expect(retired).toEqual([basename(files[1]!)]);
    held.release();
    expect(existsSync(files[0]!)).toBe(false);
    expect(retired).toEqual([files[1], files[0]].map((file) => basename(file!)));
  });
});
