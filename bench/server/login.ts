/**
 * Login cost: argon2id hash and verify with the production cost (ARGON2_MEMORY_KIB,
 * ARGON2_TIME_COST or their defaults), then the whole `POST /api/user/authenticate` through the
 * real app on SQLite (verify + JWT + refresh-token row + audit row), one at a time and with
 * concurrent callers. Prints figures; asserts nothing.
 *
 *   ./node_modules/.bin/node bench/server/login.ts   (BENCH_SAMPLES=40 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@vitrina/server/app';
import { loadConfig } from '@vitrina/server/config';
import { ensureFirstAdministrator } from '@vitrina/server/first-admin';
import { createPasswordHasher } from '@vitrina/server/passwords';

const samples = Number(process.env['BENCH_SAMPLES'] ?? 40);
const password = 'Admin1234';

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

function summary(label: string, durations: number[]): void {
  const sorted = [...durations].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  const fmt = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  console.log(
    `${label.padEnd(44)} mean ${fmt(mean)}  p50 ${fmt(percentile(sorted, 50))}  p99 ${fmt(percentile(sorted, 99))}`,
  );
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-bench-login-'));
try {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: 'sqlite::memory:',
    LOG_LEVEL: 'silent',
    VITRINA_DEMO: 'false',
    VITRINA_ADMIN_PASSWORD: password,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_REQUEST_LIMIT_PER_MINUTE: '1000000',
    WEB_DIST_DIR: join(dataDir, 'none'),
  });
  const { memoryCost, timeCost } = config.auth.argon2;
  console.log(
    `argon2id m=${memoryCost} KiB t=${timeCost} p=1 · ${samples} samples · ${cpus()[0]?.model ?? 'cpu'} ×${availableParallelism()}`,
  );

  const hasher = createPasswordHasher(config.auth.argon2);
  const hash = await hasher.hash(password);
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  for (let i = 0; i < samples; i++) {
    hashTimes.push(await time(() => hasher.hash(password)));
    verifyTimes.push(await time(() => hasher.verify(hash, password)));
  }
  summary('argon2id hash', hashTimes);
  summary('argon2id verify', verifyTimes);

  const app = await buildApp({ config });
  await ensureFirstAdministrator(app.context);
  const login = () =>
    app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password }),
    });
  const loginTimes: number[] = [];
  for (let i = 0; i < samples; i++) {
    loginTimes.push(
      await time(async () => {
        const response = await login();
        if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}`);
      }),
    );
  }
  summary('POST /api/user/authenticate (sequential)', loginTimes);

  for (const concurrency of [4, 16]) {
    const start = performance.now();
    const total = samples * 2;
    let started = 0;
    const worker = async () => {
      while (started < total) {
        started++;
        await login();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `logins/s with ${String(concurrency).padStart(2)} concurrent callers${' '.repeat(12)} ${(total / seconds).toFixed(1)}`,
    );
  }
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
