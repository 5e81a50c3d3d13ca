import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealthy } from '@vitrina/test-support/processes';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-start-'));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

/** Parent and state of every live process, from /proc (a zombie counts as gone). */
function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (command) state ppid …": the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') table.set(Number(name), Number(parent));
    } catch {
      // ended while being read
    }
  }
  return table;
}

/** Every live process under `pid`. */
function descendantsOf(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, itsParent] of table)
      if (itsParent === parent) {
        found.push(child);
        visit(child);
      }
  };
  visit(pid);
  return found;
}

/** Waits until the BI service's process exists under `pid` (it is not answering yet). */
async function biServiceProcessUnder(pid: number): Promise<void> {
  const isBiService = (child: number) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('bi-service/main.ts');
    } catch {
      return false;
    }
  };
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (descendantsOf(pid).some(isBiService)) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the BI service was not started');
}

const alive = (pids: number[]) => {
  const table = processTable();
  return pids.filter((pid) => table.has(pid));
};

/**
 * Runs `command` (`node scripts/start.ts`, or `npm start` with npm → sh → node in between) until
 * both servers answer, sends `signal` to the process started, and measures until every process
 * under it (the script and both servers) is gone.
 */
async function startThenSignal(
  command: string[],
  signal: NodeJS.Signals,
  when: 'both healthy' | 'BI service starting' = 'both healthy',
) {
  const [port, biPort, biTlsPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(dataRoot, 'data-'));
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BI_PORT: String(biPort),
      BI_TLS_PORT: String(biTlsPort),
      // The demo's first start generates its datasets; the stop is what is measured here.
      VITRINA_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  if (when === 'both healthy') {
    await waitForHealthy(`http://127.0.0.1:${biPort}/health`, child, 120_000);
    await waitForHealthy(`http://127.0.0.1:${port}/api/health`, child, 120_000);
  } else await biServiceProcessUnder(child.pid!);
  const started = descendantsOf(child.pid!);
  const signalled = Date.now();
  child.kill(signal);
  let left = [child.pid!, ...started];
  while (alive(left).length && Date.now() - signalled < 15_000) {
    await new Promise((done) => setTimeout(done, 100));
    left = alive(left);
  }
  const remaining = alive(left);
  for (const pid of remaining) process.kill(pid, 'SIGKILL');
  await exited;
  return { started, remaining, seconds: (Date.now() - signalled) / 1000 };
}

describe('npm start stops both servers on a signal', () => {
  const npm = process.env['npm_execpath'];

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to `node scripts/start.ts`: the script and both servers are gone within 10 s',
    async (signal) => {
      const { started, remaining, seconds } = await startThenSignal(
        [process.execPath, join(root, 'scripts/start.ts')],
        signal,
      );
      expect(started.length).toBeGreaterThanOrEqual(2);
      expect(remaining).toEqual([]);
      expect(seconds).toBeLessThan(10);
    },
    150_000,
  );

  it('SIGTERM while the BI service is still starting stops it too', async () => {
    const { started, remaining, seconds } = await startThenSignal(
      [process.execPath, join(root, 'scripts/start.ts')],
      'SIGTERM',
      'BI service starting',
    );
    expect(started.length).toBeGreaterThanOrEqual(1);
    expect(remaining).toEqual([]);
    expect(seconds).toBeLessThan(10);
  }, 150_000);

  it.skipIf(!npm)(
    'SIGTERM to `npm start` (npm, then sh, then node) stops everything within 10 s',
    async () => {
      const { started, remaining, seconds } = await startThenSignal(
        [process.execPath, npm!, 'start', '--silent'],
        'SIGTERM',
      );
      expect(started.length).toBeGreaterThanOrEqual(3);
      expect(remaining).toEqual([]);
      expect(seconds).toBeLessThan(10);
    },
    150_000,
  );
});
