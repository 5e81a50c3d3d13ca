import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

/** A running product: bundled BI service and portal server on free loopback ports, fresh data dir. */
export interface Stack {
  portalUrl: string;
  biUrl: string;
  dataDir: string;
  adminPassword: string;
  /** The BI service's standard output so far (Fastify's JSON request log), line by line. */
  biLog(): string[];
  /** Stops the BI service alone (SIGTERM), leaving the portal running. */
  stopBi(): Promise<void>;
  /** Starts the BI service again on the same ports and data directory. */
  startBi(): Promise<void>;
  stop(): Promise<void>;
}

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

/** Polls `url` until it answers 200, or fails after `timeoutMs` with the child's output. */
export async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}

function startNode(script: string, env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const child = spawn(process.execPath, [join(repoRoot, script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const echo = process.env['E2E_VERBOSE'] === '1';
  child.stdout?.on('data', (chunk: Buffer) => echo && process.stdout.write(`[${label}] ${chunk}`));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${label}] ${chunk}`));
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/**
 * Starts the whole product as `npm start` does (expects the SPA and report frame to be built),
 * on free ports with a throw-away data directory. `env` adds or overrides environment variables.
 */
export async function startStack(env: NodeJS.ProcessEnv = {}): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-e2e-'));
  const [port, biPort, biTlsPort] = [await freePort(), await freePort(), await freePort()];
  const adminPassword = 'Admin1234';
  const portalUrl = `http://127.0.0.1:${port}`;
  const biUrl = `http://127.0.0.1:${biPort}`;
  const shared = {
    DATA_DIR: dataDir,
    PORT: String(port),
    BI_PORT: String(biPort),
    // The BI service's HTTPS listener (the OAuth authority the portal's MSAL client uses).
    BI_TLS_PORT: String(biTlsPort),
    BI_URL: biUrl,
    // The embed URLs the BI service hands out must use the origin the portal's CSP allows.
    BI_PUBLIC_URL: biUrl,
    PORTAL_URL: portalUrl,
    BI_ALLOWED_ORIGINS: portalUrl,
    VITRINA_ADMIN_PASSWORD: adminPassword,
    ...env,
  };
  const biOutput: string[] = [];
  const startBi = async () => {
    const child = startNode('apps/bi-service/main.ts', shared, 'bi');
    child.stdout?.on('data', (chunk: Buffer) => biOutput.push(chunk.toString('utf8')));
    await waitForHealthy(`${biUrl}/health`, child);
    return child;
  };
  let bi = await startBi();
  const portal = startNode('apps/server/main.ts', shared, 'portal');
  await waitForHealthy(`${portalUrl}/api/health`, portal);
  return {
    portalUrl,
    biUrl,
    dataDir,
    adminPassword,
    biLog: () => biOutput.join('').split('\n').filter(Boolean),
    stopBi: () => stopChild(bi),
    async startBi() {
      bi = await startBi();
    },
    async stop() {
      await Promise.all([stopChild(portal), stopChild(bi)]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
