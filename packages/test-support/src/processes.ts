/**
 * The one launcher of the product's servers in tests and benchmarks: the portal and the BI service
 * each in its own Node process, the way `npm run start:portal` / `start:bi` run them, on free
 * loopback ports and a throw-away DATA_DIR unless told otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDemoDatasets } from './demo-datasets-template.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const compileCacheDir = join(repoRoot, 'node_modules', '.cache', 'node-compile-cache');

/** Past the 10 s in which both servers promise to stop on SIGTERM, `stop()` kills. */
const killAfterMs = 15_000;

/** Asks the OS for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Polls `url` until it answers 200, or fails after `timeoutMs`, or as soon as `child` exits. */
export async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}

/** A server started as its own process. */
export interface ServerProcess {
  url: string;
  /** The process's DATA_DIR (removed when it exits, unless it was given to keep). */
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** How to start a server besides its own settings; every field is optional. */
export interface LaunchOptions {
  /** Environment added to (or overriding) the server's own. */
  env?: NodeJS.ProcessEnv;
  /** A DATA_DIR to keep (a restart or a restore reuses it); by default a fresh one. */
  keptDataDir?: string;
  /** Runs the server on these CPUs only (a `taskset --cpu-list` list). */
  cpus?: string;
  /** Receives the server's standard output (its JSON log); by default it is dropped. */
  onStdout?: (chunk: string) => void;
  /**
   * Another checkout of this repository to run the server from (a benchmark's baseline, such
   * as main beside a branch); by default this one.
   */
  checkout?: string;
}

interface Launch extends LaunchOptions {
  /** The entry point, relative to the repository root. */
  entry: string;
  /** Arguments after the entry point. */
  args?: string[];
  /**
   * `inherited` (the default): the test runner's environment, NODE_ENV=test unless set, under
   * `env`. `exact`: `env` alone, as a service manager gives it.
   */
  environment?: 'inherited' | 'exact';
  /** Prefixes the server's standard error lines, which always reach the test's. */
  label: string;
  url: string;
  /** The path that answers 200 once the server is ready. */
  health: string;
  /** Readies the DATA_DIR before the process starts. */
  prepare?: (dataDir: string) => Promise<void>;
}

async function launch(server: Launch): Promise<ServerProcess> {
  const dataDir = server.keptDataDir ?? mkdtempSync(join(tmpdir(), `vitrina-${server.label}-`));
  await server.prepare?.(dataDir);
  const root = server.checkout ?? repoRoot;
  const command = [process.execPath, join(root, server.entry), ...(server.args ?? [])];
  // taskset execs the server in its own place: the child is still the server itself.
  if (server.cpus) command.unshift('taskset', '--cpu-list', server.cpus);
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env:
      server.environment === 'exact'
        ? { ...server.env, DATA_DIR: dataDir }
        : {
            ...process.env,
            // Test processes, also when a benchmark (no Vitest to set it) starts them: the demo,
            // when asked for, uses its published credentials (decision 0220).
            NODE_ENV: process.env['NODE_ENV'] ?? 'test',
            // Node keeps the compiled modules on disk: about 0.5–1 s of CPU less per start.
            NODE_COMPILE_CACHE: compileCacheDir,
            DATA_DIR: dataDir,
            ...server.env,
          },
    stdio: ['ignore', server.onStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => server.onStdout?.(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${server.label}] ${chunk}`));
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => {
      if (!server.keptDataDir) rmSync(dataDir, { recursive: true, force: true });
      done(code ?? signal ?? 'unknown');
    }),
  );
  const running: ServerProcess = {
    url: server.url,
    dataDir,
    child,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        setTimeout(() => child.kill('SIGKILL'), killAfterMs).unref();
      }
      return exited;
    },
  };
  try {
    await waitForHealthy(`${server.url}${server.health}`, child);
  } catch (error) {
    await running.stop('SIGKILL');
    throw error;
  }
  return running;
}

/**
 * The BI service's entry points: the shipped one, and the tests' own, which starts the same
 * server with the fault switch at /_test/faults (the shipped one cannot have it).
 */
const biEntryPoints = {
  shipped: 'apps/bi-service/main.ts',
  withFaultSwitch: 'apps/bi-service/test/support/server-with-faults.ts',
} as const;

/** Where a BI service listens and keeps its files, to start it again in the same place. */
export interface BiPlacement {
  port: number;
  tlsPort: number;
  dataDir: string;
}

export interface BiLaunchOptions extends Omit<LaunchOptions, 'keptDataDir'> {
  /** Those ports and that DATA_DIR (kept after exit): a restart. By default fresh ones. */
  placement?: BiPlacement;
  entry?: keyof typeof biEntryPoints;
  /**
   * With the demo on, generate its datasets in this start as a first start in production does,
   * instead of copying the launcher's template of them (`demo-datasets-template.ts`).
   */
  generateDemoDatasets?: boolean;
}

export type BiProcess = ServerProcess & { tlsPort: number; authorityUrl: string };

/** The bundled BI service, without demo content unless `env` asks for it. */
export async function startBiProcess(options: BiLaunchOptions = {}): Promise<BiProcess> {
  const { placement, entry = 'shipped', env, generateDemoDatasets, ...launchOptions } = options;
  const port = placement?.port ?? (await freePort());
  const tlsPort = placement?.tlsPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const settings = { VITRINA_DEMO: 'false', LOG_LEVEL: 'warn', ...env };
  const server = await launch({
    ...launchOptions,
    entry: biEntryPoints[entry],
    label: 'bi',
    url,
    health: '/health',
    ...(placement ? { keptDataDir: placement.dataDir } : {}),
    env: { ...biListening(port, tlsPort), ...settings },
    // The demo's datasets come from a template rather than a generation per test product.
    ...(settings.VITRINA_DEMO === 'true' && !generateDemoDatasets
      ? { prepare: (dataDir: string) => seedDemoDatasets(repoRoot, dataDir, startDemoOnce) }
      : {}),
  });
  return Object.assign(server, { tlsPort, authorityUrl: `https://localhost:${tlsPort}/vitrina` });
}

/** Where a test's BI service listens: loopback only, as the portal's `HOST` in tests. */
const biListening = (port: number, tlsPort: number) => ({
  BI_HOST: '127.0.0.1',
  BI_PORT: String(port),
  BI_TLS_PORT: String(tlsPort),
  BI_PUBLIC_URL: `http://127.0.0.1:${port}`,
});

/** The shipped BI service with the demo on `dataDir`, started until healthy and stopped. */
async function startDemoOnce(dataDir: string): Promise<void> {
  const [port, tlsPort] = [await freePort(), await freePort()];
  const server = await launch({
    entry: biEntryPoints.shipped,
    label: 'bi-demo-template',
    url: `http://127.0.0.1:${port}`,
    health: '/health',
    keptDataDir: dataDir,
    env: { ...biListening(port, tlsPort), VITRINA_DEMO: 'true', LOG_LEVEL: 'warn' },
  });
  await server.stop();
}

export interface PortalLaunchOptions extends LaunchOptions {
  /** The port to listen on, when the caller must know the URL before; by default a free one. */
  port?: number;
}

/**
 * One portal instance, without demo accounts or periodic sync unless `env` asks; `env` names its
 * database, Redis and BI service.
 */
export async function startPortalProcess(
  options: PortalLaunchOptions = {},
): Promise<ServerProcess> {
  const { port = await freePort(), env, ...launchOptions } = options;
  return launch({
    ...launchOptions,
    entry: 'apps/server/main.ts',
    label: 'portal',
    url: `http://127.0.0.1:${port}`,
    health: '/api/health',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      VITRINA_DEMO: 'false',
      SYNC_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
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
  return launch({
    entry: 'scripts/start-one.ts',
    args: [server],
    label: `deployed-${server}`,
    url,
    health: server === 'bi' ? '/health' : '/api/health',
    environment: 'exact',
    env: { PATH: process.env['PATH'], ...env },
    ...(env['DATA_DIR'] ? { keptDataDir: env['DATA_DIR'] } : {}),
  });
}
