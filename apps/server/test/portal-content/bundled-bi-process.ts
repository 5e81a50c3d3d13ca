import { join } from 'node:path';
import { startBiProcess } from '@vitrina/test-support/processes';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, createUser, tokenFor, type TestApp } from '../helper.ts';

/** The bundled BI service in demo mode, in its own process, and the portal settings to reach it. */
export interface BundledBi {
  url: string;
  /** Environment for the portal: BI URL, HTTPS authority and the service's CA file. */
  portalEnv: Record<string, string>;
  /** Replaces the service's test faults (needs `withFaultSwitch`); `[]` clears them. */
  setFaults(faults: unknown[]): Promise<void>;
  /** The faults set, each with how often it was met (`seen`) and applied (`fired`). */
  faults(): Promise<{ seen: number; fired: number }[]>;
  stop(): Promise<void>;
}

/**
 * Starts the service; `withFaultSwitch` starts it through the tests' entry point, the same server
 * with the fault switch installed.
 */
export async function startBundledBi(
  options: { withFaultSwitch?: boolean } = {},
): Promise<BundledBi> {
  const bi = await startBiProcess({
    env: { VITRINA_DEMO: 'true' },
    entry: options.withFaultSwitch ? 'withFaultSwitch' : 'shipped',
  });
  const faultSwitch = `${bi.url}/_test/faults`;
  return {
    url: bi.url,
    async setFaults(faults: unknown[]) {
      const response = await fetch(faultSwitch, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(faults),
      });
      if (response.status !== 204) throw new Error(`fault switch: ${await response.text()}`);
    },
    async faults() {
      return (await fetch(faultSwitch)).json() as Promise<{ seen: number; fired: number }[]>;
    },
    portalEnv: {
      VITRINA_DEMO: 'true',
      BI_URL: bi.url,
      BI_AUTHORITY_URL: bi.authorityUrl,
      BI_TLS_CA_FILE: join(bi.dataDir, 'bi/tls/cert.pem'),
    },
    async stop() {
      await bi.stop();
    },
  };
}

/** The bundled BI service and a portal on SQLite wired to it, for one test file. */
export interface BundledBiPortal {
  readonly bi: BundledBi;
  readonly portal: TestApp;
  /** A new user of role `rol` (0 administrator, 1 viewer) with a session token. */
  signedIn(rol: 0 | 1): Promise<{ id: number; token: string }>;
}

/** Starts both before the file's tests and stops them after. */
export function useBundledBiPortal(): BundledBiPortal {
  let bi: BundledBi | undefined;
  let portal: TestApp | undefined;
  beforeAll(async () => {
    bi = await startBundledBi();
    portal = await buildTestApp('sqlite', { env: bi.portalEnv });
  }, 150_000);
  afterAll(async () => {
    await portal?.close();
    await bi?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('the bundled BI service and portal start in beforeAll');
    return value;
  };
  return {
    get bi() {
      return started(bi);
    },
    get portal() {
      return started(portal);
    },
    async signedIn(rol) {
      const app = started(portal);
      const id = (await createUser(app.db, { rol })).id;
      return { id, token: await tokenFor(app.app, id) };
    },
  };
}
