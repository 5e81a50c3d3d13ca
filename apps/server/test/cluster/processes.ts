import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealthy } from '@vitrina/e2e/stack';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** A server started as its own process, the way `npm run start:portal` / `start:bi` run it. */
export interface ServerProcess {
  url: string;
  /** The process's own DATA_DIR (removed when it exits). */
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

function startNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  health: string,
  /** A DATA_DIR to keep (a restart reuses it); by default a fresh one removed at exit. */
  keptDataDir?: string,
) {
  const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'vitrina-process-'));
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => {
      if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
      done(code ?? signal ?? 'unknown');
    }),
  );
  const server: ServerProcess = {
    url,
    dataDir,
    child,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return waitForHealthy(`${url}${health}`, child, 120_000).then(() => server);
}

/** The test runner's environment under a test's own variables. */
const inherited = (env: NodeJS.ProcessEnv) => ({
  ...process.env,
  // Test processes, also when a benchmark (no Vitest to set it) starts them: the demo, when
  // asked for, uses its published credentials (decision 0220).
  NODE_ENV: process.env['NODE_ENV'] ?? 'test',
  LOG_LEVEL: 'warn',
  ...env,
});

/** Where a BI service process listens and keeps its files, to start it again in the same place. */
export interface BiPlacement {
  port: number;
  tlsPort: number;
  dataDir: string;
}

/**
 * The BI service's entry points: the shipped one, and the tests' own, which starts the same
 * server with the fault switch at /_test/faults (the shipped one cannot have it).
 */
export const biEntryPoints = {
  shipped: 'apps/bi-service/main.ts',
  withFaultSwitch: 'apps/bi-service/test/support/server-with-faults.ts',
} as const;

/**
 * The bundled BI service on free loopback ports, without demo content unless `env` asks. With
 * `placement` it starts on those ports and that DATA_DIR (kept after exit): a restart.
 */
export async function startBiProcess(
  env: NodeJS.ProcessEnv = {},
  placement?: BiPlacement,
  entry: keyof typeof biEntryPoints = 'shipped',
): Promise<ServerProcess & { authorityUrl: string }> {
  const port = placement?.port ?? (await freePort());
  const tlsPort = placement?.tlsPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const server = await startNode(
    [join(repoRoot, biEntryPoints[entry])],
    inherited({
      BI_PORT: String(port),
      BI_TLS_PORT: String(tlsPort),
      BI_PUBLIC_URL: url,
      VITRINA_DEMO: 'false',
      ...env,
    }),
    url,
    '/health',
    placement?.dataDir,
  );
  return Object.assign(server, { authorityUrl: `https://localhost:${tlsPort}/vitrina` });
}

/**
 * One portal instance on a free loopback port; `env` names its database, Redis, BI service. With
 * `keptDataDir` it uses that DATA_DIR and leaves it in place at exit (a restart or a restore).
 */
export async function startPortalProcess(
  env: NodeJS.ProcessEnv,
  keptDataDir?: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startNode(
    [join(repoRoot, 'apps/server/main.ts')],
    inherited({
      HOST: '127.0.0.1',
      PORT: String(port),
      VITRINA_DEMO: 'false',
      SYNC_INTERVAL_MINUTES: '0',
      ...env,
    }),
    url,
    '/api/health',
    keptDataDir,
  );
}

/**
 * `npm run start:portal` or `npm run start:bi` as a service manager runs it (scripts/start-one.ts,
 * what npm runs, in this very process) with exactly `env`, the environment file: nothing is
 * inherited from the test runner, whose NODE_ENV=test would hide production behaviour. PATH stays,
 * as systemd provides one. The DATA_DIR in `env` is the deployment's and is left in place.
 */
export function startDeployedServer(
  server: 'portal' | 'bi',
  env: Record<string, string>,
  url: string,
): Promise<ServerProcess> {
  return startNode(
    [join(repoRoot, 'scripts/start-one.ts'), server],
    { PATH: process.env['PATH'], ...env },
    url,
    server === 'bi' ? '/health' : '/api/health',
    env['DATA_DIR'],
  );
}
