/**
 * What a dataset's reads cost (decision 0326): a statement already read at the data's version
 * is answered with the rows it read, never across a write; and DuckDB's threads follow the
 * data's size (one per statement for a small dataset, every core for a large one).
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatasetStore } from '../src/engine/dataset-store.ts';
import type { DatasetDefinition } from '../src/engine/model.ts';
import { ONE_THREAD_MAX_ROWS } from '../src/engine/query-threads.ts';
import { raw } from '../src/engine/sql.ts';

const definition: DatasetDefinition = {
  id: '00000000-0000-4000-8000-000000000326',
  name: 'Reads',
  tables: [],
  relationships: [],
};

/** A statement whose every read answers differently: equal answers were kept. */
const fresh = raw('SELECT random() AS r');
const rowsOf = (count: number) => raw(`SELECT random() AS r FROM range(${count})`);

let store: DatasetStore;
beforeEach(async () => {
  store = await DatasetStore.open(definition, ':memory:');
});
afterEach(() => store.close());

const write = () => store.withConnection((connection) => connection.run('SELECT 1'));

describe('rows kept per data version', () => {
  it('answers the same statement at the same version with the rows it read', async () => {
    const [first, second] = await Promise.all([store.query(fresh), store.query(fresh)]);
    expect(second).toEqual(first);
    expect(await store.query(fresh)).toEqual(first);
  });

  it('reads again after a write', async () => {
    const before = await store.query(fresh);
    await write();
    expect(await store.query(fresh)).not.toEqual(before);
  });

  it('keeps nothing a write began under', async () => {
    // A read long enough for a write to start and end, and the next version to be read, meanwhile.
    const slow = raw('SELECT sum(random()) + random() FROM range(30000000)');
    const reading = store.query(slow);
    await write();
    await store.query(fresh);
    const read = await reading;
    // Kept, these rows from before the write would answer the version after it.
    expect(await store.query(slow)).not.toEqual(read);
  });

  it('keeps no long answer and no failure', async () => {
    const long = rowsOf(1001);
    expect(await store.query(long)).not.toEqual(await store.query(long));
    const failing = raw('SELECT * FROM missing_table');
    await expect(store.query(failing)).rejects.toThrow();
    await store.withConnection((connection) =>
      connection.run('CREATE TABLE missing_table AS SELECT 1 AS x'),
    );
    expect(await store.query(failing)).toEqual([[1]]);
  });

  it('tells statements apart by their bound values', async () => {
    const one = await store.query({ sql: 'SELECT ? + random() * 0', params: [1] });
    const two = await store.query({ sql: 'SELECT ? + random() * 0', params: [2] });
    expect([one, two]).toEqual([[[1]], [[2]]]);
  });
});

describe('DuckDB threads by the data size', () => {
  const setting = raw("SELECT current_setting('threads')");
  const threads = async () => Number((await store.query(setting))[0]![0]);
  /** DuckDB's own default: every core it sees. */
  async function everyCore() {
    const instance = await DuckDBInstance.create(':memory:');
    try {
      const reader = await (await instance.connect()).runAndReadAll(setting.sql);
      return Number(reader.getRows()[0]![0]);
    } finally {
      instance.closeSync();
    }
  }

  it('runs a small dataset on one thread per statement, a large one on every core', async () => {
    expect(await threads()).toBe(1);
    await store.withConnection((connection) =>
      connection.run(
        `CREATE TABLE big AS SELECT range AS x FROM range(${ONE_THREAD_MAX_ROWS + 1})`,
      ),
    );
    expect(await threads()).toBe(await everyCore());
    await store.withConnection((connection) => connection.run('DROP TABLE big'));
    expect(await threads()).toBe(1);
  });

  it('puts them back after a write that changed them (an import resets its own single thread)', async () => {
    await store.withConnection((connection) => connection.run('RESET threads'));
    expect(await threads()).toBe(1);
  });

  it('leaves the threads its opener chose', async () => {
    const chosen = await DatasetStore.open(definition, ':memory:', { threads: '2' });
    try {
      await chosen.withConnection((connection) => connection.run('CREATE TABLE t (x INTEGER)'));
      expect(await chosen.query(setting)).toEqual([[2]]);
    } finally {
      chosen.close();
    }
  });
});
