import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../src/app.ts';
import type { Invalidation } from '../../src/cluster/invalidation-bus.ts';
import { loadConfig, type Environment } from '../../src/config.ts';
import { createTestDatabase, testEnvironment, type TestDatabase } from '../helper.ts';

export interface TestCluster {
  database: TestDatabase;
  apps: App[];
  /** The environment every instance shares (keys, DATABASE_URL, REDIS_URL). */
  env: Environment;
  close(): Promise<void>;
}

/**
 * `count` portal instances in this process on one fresh PostgreSQL database, each with its own
 * pool, invalidation channels and data directory, as separate processes would have; `REDIS_URL`
 * in `env` adds Redis.
 */
export async function startTestCluster(count: number, env: Environment = {}): Promise<TestCluster> {
  const database = await createTestDatabase('postgres');
  const shared: Environment = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACCOUNT_SECRET_KEY: randomBytes(32).toString('hex'),
    BI_API_URL: 'http://127.0.0.1:1',
    ...env,
  };
  const dataDirs: string[] = [];
  const apps: App[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-cluster-test-'));
    dataDirs.push(dataDir);
    const app = await buildApp({ config: loadConfig(testEnvironment(dataDir, shared)) });
    await app.ready();
    apps.push(app);
  }
  return {
    database,
    apps,
    env: shared,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the next invalidation of `kind` that `app` receives from another instance. */
export function nextRemote(app: App, kind: Invalidation['kind']): Promise<Invalidation> {
  return new Promise((resolve) => {
    const stop = app.cluster.bus.onRemote((event) => {
      if (event.kind !== kind) return;
      stop();
      resolve(event);
    });
  });
}
