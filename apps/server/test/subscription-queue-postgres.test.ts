import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolForPgBoss } from '../src/modules/subscriptions/subscription-queue.ts';
import { createTestDatabase, postgresAvailable } from './helper.ts';
import type { TestDatabase } from './postgres-database.ts';

/**
 * pg-boss on the portal's own PostgreSQL pool: its maintenance pass (the one that hands a killed
 * instance's run to another) sends several statements in one text and reads all their rows.
 */
describe.skipIf(!postgresAvailable)('the subscription queue on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('answers every statement’s rows of a text that holds several', async () => {
    const runner = poolForPgBoss(database.pool!);
    const { rows } = await runner.executeSql('select 1 as first; select 2 as second');
    expect(rows).toEqual([{ first: 1 }, { second: 2 }]);
  });

  it('lets pg-boss finish a maintenance pass and report no error', async () => {
    const boss = new PgBoss({ schema: 'pgboss', db: poolForPgBoss(database.pool!) });
    const errors: unknown[] = [];
    boss.on('error', (error) => errors.push(error));
    await boss.start();
    try {
      await boss.createQueue('maintenance-check');
      await expect(boss.supervise()).resolves.not.toThrow();
      expect(errors).toEqual([]);
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
