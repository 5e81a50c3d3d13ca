/**
 * `npm start`: builds what is not built, then runs the bundled BI service and the portal server
 * side by side. Ctrl-C (or SIGTERM) stops both and waits for them to exit.
 * On a terminal their JSON log lines are printed readably; piped or redirected, they stay JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { buildAll } from './build.ts';
import { readableLogs } from './readable-logs.ts';
import { stackEnvironment } from './stack-environment.ts';

const root = resolve(import.meta.dirname, '..');
buildAll(false);

const env = stackEnvironment(process.env, root);
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
  return child;
}

let stopping = false;
const children: ChildProcess[] = [];

async function stopAll(exitCode: number): Promise<void> {
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(exitCode);
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

children.push(run('bi-service', 'apps/bi-service/src/server.ts'));
await waitForBiService();
if (!stopping) children.push(run('server', 'apps/server/src/server.ts'));
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
