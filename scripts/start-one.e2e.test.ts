import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealthy } from '@vitrina/test-support/processes';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-start-one-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `scripts/start-one.ts <which>` until healthy, then stops it with SIGTERM. */
async function startAndStop(which: string, env: NodeJS.ProcessEnv, healthUrl: string) {
  const child = spawn(process.execPath, [join(root, 'scripts/start-one.ts'), which], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', VITRINA_DEMO: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  await waitForHealthy(healthUrl, child, 120_000);
  // The server is this process itself: the signal reaches it with no wrapper in between.
  child.kill('SIGTERM');
  return { code: await exited };
}

describe('npm run start:portal / start:bi', () => {
  it('start:bi runs the BI service alone and stops on SIGTERM', async () => {
    const [port, tlsPort] = [await freePort(), await freePort()];
    const { code } = await startAndStop(
      'bi',
      { BI_PORT: String(port), BI_TLS_PORT: String(tlsPort) },
      `http://127.0.0.1:${port}/health`,
    );
    expect(code).toBe(0);
  }, 150_000);

  it('start:portal runs the portal alone (SQLite under DATA_DIR) and stops on SIGTERM', async () => {
    const port = await freePort();
    const { code } = await startAndStop(
      'portal',
      { PORT: String(port), HOST: '127.0.0.1', SYNC_INTERVAL_MINUTES: '0' },
      `http://127.0.0.1:${port}/api/health`,
    );
    expect(code).toBe(0);
  }, 150_000);

  it('refuses an unknown process name', async () => {
    const child = spawn(process.execPath, [join(root, 'scripts/start-one.ts'), 'nada'], {
      stdio: 'ignore',
    });
    expect(await new Promise((done) => child.once('exit', done))).toBe(2);
  });
});
