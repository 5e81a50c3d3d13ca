/**
 * Load through nginx on three portal instances (PostgreSQL + Redis) and the bundled BI service
 * with its demo content, all on loopback: BENCH_VIEWERS virtual viewers (default 50) loop for
 * BENCH_SECONDS (default 20, at most 60): each logs in once, then lists its accounts and opens a
 * report (viewer call with its embed token) again and again, with no pause (a closed loop). Prints tried/failed, p50/p99 per step and each instance's
 * resident memory before and after. Bounded in count and time; stops by itself.
 * Needs PostgreSQL (BENCH_PG_URL or VITRINA_TEST_PG_URL), redis-server and nginx.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { createPasswordHasher } from '../../apps/server/src/lib/passwords.ts';
import { createTestDatabase } from '../../apps/server/test/helper.ts';
import { startTestNginx } from '../../apps/server/test/cluster/nginx.ts';
import {
  startBiProcess,
  startPortalProcess,
  type ServerProcess,
} from '../../apps/server/test/cluster/processes.ts';
import { startTestRedis } from '../../apps/server/test/cluster/redis-server.ts';

const viewers = Math.min(Number(process.env['BENCH_VIEWERS'] ?? 50), 200);
const seconds = Math.min(Number(process.env['BENCH_SECONDS'] ?? 20), 60);
const adminPassword = 'Admin1234';
const xsrf = 'bench-xsrf';

const rssMiB = (portal: ServerProcess) => {
  const status = readFileSync(`/proc/${portal.child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

const database = await createTestDatabase('postgres');
const redis = await startTestRedis();
const bi = await startBiProcess({ VITRINA_DEMO: 'true' });
const env = {
  DATABASE_URL: database.url,
  REDIS_URL: redis.url,
  BI_URL: bi.url,
  BI_AUTHORITY_URL: bi.authorityUrl,
  BI_TLS_CA_FILE: join(bi.dataDir, 'bi/tls/cert.pem'),
  TRUST_PROXY: 'true',
  JWT_SECRET: 'c'.repeat(64),
  ACCOUNT_SECRET_KEY: 'd'.repeat(64),
  VITRINA_ADMIN_PASSWORD: adminPassword,
  // Every viewer comes from 127.0.0.1: the per-address limits would refuse concurrent logins.
  LOGIN_REQUEST_LIMIT_PER_MINUTE: '1000000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
};
// The first instance registers and syncs the demo accounts; the others find them.
const portals = [await startPortalProcess({ ...env, VITRINA_DEMO: 'true' })];
for (let i = 0; i < 2; i++) portals.push(await startPortalProcess(env));
const nginx = await startTestNginx(
  portals.map((portal) => Number(new URL(portal.url).port)),
  Number(new URL(bi.url).port),
);

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${nginx.url}${path}`, {
    method,
    headers: {
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const timings: Record<'login' | 'accounts' | 'viewer', number[]> = {
  login: [],
  accounts: [],
  viewer: [],
};
const failures: string[] = [];
async function step<T>(
  name: keyof typeof timings,
  run: () => Promise<{ status: number; body: T }>,
) {
  const started = performance.now();
  const answer = await run();
  timings[name].push(performance.now() - started);
  if (answer.status !== 200) failures.push(`${name} ${answer.status}`);
  return answer;
}

function firstReportUid(tree: unknown): string | undefined {
  const text = JSON.stringify(tree);
  return /"uId":"([^"]+)"/.exec(text)?.[1];
}

// One user per viewer (parallel logins of one user would count towards its lockout), with a
// hash of the default argon2id cost, so logins cost what they cost in production. Administrators
// see every demo report without grants to set up.
const passwordHash = await createPasswordHasher({ memoryCost: 19_456, timeCost: 2 }).hash(
  adminPassword,
);
const now = new Date().toISOString();
await database.db
  .insertInto('users')
  .values(
    Array.from({ length: viewers }, (_, i) => ({
      username: `visor${i}`,
      firstname: 'Visor',
      lastname: String(i),
      mail: `visor${i}@vitrina.test`,
      rol: 0,
      password_hash: passwordHash,
      password_temporary: 0,
      failed_logins: 0,
      created_at: now,
      updated_at: now,
    })),
  )
  .execute();

const rssBefore = portals.map(rssMiB);
const deadline = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: viewers }, async (_, viewer) => {
    // Each viewer signs in once, then keeps listing its accounts and opening a report.
    const login = await step('login', () =>
      call('POST', '/api/user/authenticate', undefined, {
        username: `visor${viewer}`,
        password: adminPassword,
      }),
    );
    const token = login.body['token'] as string | undefined;
    const id = login.body['id'];
    if (!token) return;
    while (performance.now() < deadline) {
      const accounts = await step('accounts', () => call('GET', `/api/account/${id}`, token));
      const uid = firstReportUid(accounts.body);
      if (!uid) {
        failures.push('accounts: no report listed');
        continue;
      }
      await step('viewer', () => call('GET', `/api/viewer/report/${uid}`, token));
    }
  }),
);
const rssAfter = portals.map(rssMiB);

const tried = Object.values(timings).reduce((sum, list) => sum + list.length, 0);
console.log(`cluster load: ${viewers} viewers × ${seconds} s through nginx, 3 portal instances`);
console.log(`  requests tried ${tried}, failed ${failures.length}`);
if (failures.length) console.log(`  first failures: ${failures.slice(0, 5).join('; ')}`);
for (const [name, list] of Object.entries(timings)) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(8)} n=${sorted.length} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
  );
}
console.log(`  portal RSS MiB before ${rssBefore.join('/')}, after ${rssAfter.join('/')}`);

await nginx.stop();
await Promise.all(portals.map((portal) => portal.stop()));
await bi.stop();
await redis.stop();
await database.drop();
