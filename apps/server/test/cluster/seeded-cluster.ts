import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/app.ts';
import { seedFixture, type Fixture } from '../fixtures.ts';
import { startTestCluster, type TestCluster } from './cluster-apps.ts';
import { startTestRedis, type TestRedis } from './redis-server.ts';

/** A test file's cluster: its instances, the fixture seeded through the first, its Redis if any. */
export interface SeededCluster {
  cluster: TestCluster;
  /** The instances in start order; the tests call them A, B… */
  apps: App[];
  fixture: Fixture;
  redis: TestRedis | undefined;
}

/**
 * Registers the lifecycle of a file's cluster: a Redis first when `redis` (as REDIS_URL), then
 * `instances` portal apps on one fresh PostgreSQL database, seeded with the usual fixture; all
 * stopped after the file. Starts nothing when not `available`. Read the fields inside tests.
 */
export function useSeededCluster(
  instances: number,
  options: { redis: boolean; available?: boolean },
): SeededCluster {
  const state = {} as SeededCluster;
  beforeAll(async () => {
    if (options.available === false) return;
    if (options.redis) state.redis = await startTestRedis();
    const env = state.redis ? { REDIS_URL: state.redis.url } : {};
    state.cluster = await startTestCluster(instances, env);
    state.apps = state.cluster.apps;
    state.fixture = await seedFixture(state.apps[0]!, state.cluster.database.db);
  });
  afterAll(async () => {
    await state.cluster?.close();
    await state.redis?.stop();
  });
  return state;
}
