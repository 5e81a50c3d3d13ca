import { sql } from 'kysely';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSyncLeader, type SyncLeader } from '../../src/cluster/sync-leader.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../helper.ts';

const log = Fastify({ logger: false }).log;

/** One periodic-sync leader among instances, elected with a PostgreSQL advisory lock. */
describe.skipIf(!postgresAvailable)('sync leader (PostgreSQL advisory lock)', () => {
  let database: TestDatabase;
  const leaders: SyncLeader[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await Promise.all(leaders.map((leader) => leader.close()));
    await database?.drop();
  });
  const newLeader = () => {
    const leader = createPostgresSyncLeader(database.url, log);
    leaders.push(leader);
    return leader;
  };

  it('elects exactly one of three, and another when the leader stops', async () => {
    const three = [newLeader(), newLeader(), newLeader()];
    const first = await Promise.all(three.map((leader) => leader.isLeader()));
    expect(first.filter(Boolean)).toHaveLength(1);
    // Asking again changes nothing.
    expect(await Promise.all(three.map((leader) => leader.isLeader()))).toEqual(first);

    await three[first.indexOf(true)]!.close();
    const rest = three.filter((_leader, i) => !first[i]);
    const second = await Promise.all(rest.map((leader) => leader.isLeader()));
    expect(second.filter(Boolean)).toHaveLength(1);
  });

  it('hands leadership over when the leader dies with its connection', async () => {
    // Whoever led in the previous case still holds the lock; free it.
    for (const leader of leaders.slice(0, 3)) await leader.close();
    const [leading, other] = [newLeader(), newLeader()];
    expect(await leading.isLeader()).toBe(true);
    expect(await other.isLeader()).toBe(false);
    // A crashed instance: the server ends its session (kill -9 closes the socket the same way).
    // Only this test's database: other files' migrations hold advisory locks on the same server.
    await sql`select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())`.execute(
      database.db,
    );
    // The lock goes when the terminated backend has exited: ask at each "round" until then.
    let tookOver = false;
    for (let round = 0; round < 100 && !tookOver; round++) {
      tookOver = await other.isLeader();
      if (!tookOver) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(tookOver).toBe(true);
  });
});
