import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  startBiProcess,
  startPortalProcess,
  type BiProcess,
} from '@vitrina/test-support/processes';

/** Where a running product answers and keeps its files: plain data, which can cross processes. */
export interface StackAddress {
  portalUrl: string;
  biUrl: string;
  dataDir: string;
  adminPassword: string;
}

/** A running product: bundled BI service and portal server on free loopback ports, fresh data dir. */
export interface Stack extends StackAddress {
  /** The BI service's standard output so far (Fastify's JSON request log), line by line. */
  biLog(): string[];
  /** Stops the BI service alone (SIGTERM), leaving the portal running. */
  stopBi(): Promise<void>;
  /** Starts the BI service again on the same ports and data directory. */
  startBi(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the whole product as `npm start` does (expects the SPA and report frame to be built),
 * on free ports with a throw-away data directory they share, with the demo on. `env` adds or
 * overrides environment variables; `portalPort` is for a test that must know the portal's URL
 * before it starts (an identity provider's redirect URI).
 */
export async function startStack(
  env: NodeJS.ProcessEnv = {},
  { portalPort }: { portalPort?: number } = {},
): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-e2e-'));
  const [port, biPort, biTlsPort] = [
    portalPort ?? (await freePort()),
    await freePort(),
    await freePort(),
  ];
  const adminPassword = 'Admin1234';
  const portalUrl = `http://127.0.0.1:${port}`;
  const biUrl = `http://127.0.0.1:${biPort}`;
  const shared = {
    BI_URL: biUrl,
    PORTAL_URL: portalUrl,
    BI_ALLOWED_ORIGINS: portalUrl,
    // The BI service's HTTPS listener (the OAuth authority the portal's MSAL client uses).
    BI_TLS_PORT: String(biTlsPort),
    VITRINA_ADMIN_PASSWORD: adminPassword,
    VITRINA_DEMO: 'true',
    // The BI service's request log is what biLog() reads.
    LOG_LEVEL: 'info',
    ...env,
  };
  const echo = process.env['E2E_VERBOSE'] === '1';
  const biOutput: string[] = [];
  const startBi = () =>
    startBiProcess({
      env: shared,
      placement: { port: biPort, tlsPort: biTlsPort, dataDir },
      onStdout: (chunk) => {
        biOutput.push(chunk);
        if (echo) process.stdout.write(`[bi] ${chunk}`);
      },
    });
  let bi: BiProcess = await startBi();
  const portal = await startPortalProcess({
    env: shared,
    port,
    keptDataDir: dataDir,
    ...(echo ? { onStdout: (chunk: string) => process.stdout.write(`[portal] ${chunk}`) } : {}),
  });
  return {
    portalUrl,
    biUrl,
    dataDir,
    adminPassword,
    biLog: () => biOutput.join('').split('\n').filter(Boolean),
    async stopBi() {
      await bi.stop();
    },
    async startBi() {
      bi = await startBi();
    },
    async stop() {
      await Promise.all([portal.stop(), bi.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address alone, without the functions that cannot cross from a global set-up to a file. */
export const addressOf = ({ portalUrl, biUrl, dataDir, adminPassword }: Stack): StackAddress => ({
  portalUrl,
  biUrl,
  dataDir,
  adminPassword,
});
