/**
 * `npm start`: builds what is not built, then runs the bundled BI service and the portal server
 * side by side, as the one-machine trial (NODE_ENV=development unless set: demo on). SIGINT
 * (Ctrl-C) or SIGTERM stops both within 10 s and waits for them to exit, then this script exits.
 * On a terminal their JSON log lines are printed readably; piped or redirected, they stay JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { buildAll } from './build.ts';
import { readableLogs } from './readable-logs.ts';
import { trialEnvironment } from './stack-environment.ts';

/** A child still running this long after SIGTERM is killed, so that a stop takes under 10 s. */
const stopLimitMs = 9_000;

const root = resolve(import.meta.dirname, '..');
let stopping = false;
const children: ChildProcess[] = [];

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** SIGTERM to every child, SIGKILL to any still running after the limit; then this exits. */
async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  const killer = setTimeout(() => {
    for (const child of children) if (isRunning(child)) child.kill('SIGKILL');
  }, stopLimitMs);
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (!isRunning(child)) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    ),
  );
  clearTimeout(killer);
  process.exit(exitCode);
}

// First of all: a signal that comes during the build or while the BI service starts must still
// stop whatever was started. npm forwards SIGTERM and SIGINT to its child, which is this process
// because the npm script `exec`s node (a plain `sh -c` dies of the signal without passing it on).
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// Whoever started the trial went away without a signal for us (npm killed outright, a shell that
// did not pass it on): this process was handed to another parent. Stop rather than run orphaned.
const launcher = process.ppid;
setInterval(() => {
  if (process.ppid !== launcher) void stopAll(1);
}, 500).unref();

buildAll(false);

const env = trialEnvironment(process.env, root);
const biPort = env['BI_PORT'];
const terminal = process.stdout.isTTY;

function run(label: string, script: string): ChildProcess {
  const child = spawn(process.execPath, [resolve(root, script)], {
    cwd: root,
    env,
    stdio: ['inherit', terminal ? 'pipe' : 'inherit', 'inherit'],
  });
  child.stdout?.pipe(readableLogs(label, process.stdout, process.stdout.hasColors()));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${label} stopped (${signal ?? code}); stopping the rest`);
      void stopAll(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

/** The portal syncs its accounts from the BI service at start, so the BI service goes first. */
async function waitForBiService(): Promise<void> {
  const url = `http://127.0.0.1:${biPort}/health`;
  for (let attempt = 0; attempt < 600 && !stopping; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

if (!stopping) run('bi-service', 'apps/bi-service/src/server.ts');
await waitForBiService();
if (!stopping) run('server', 'apps/server/src/server.ts');
