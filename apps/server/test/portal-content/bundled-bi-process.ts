import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealthy } from '@vitrina/e2e/stack';
import { demoServicePrincipal as principal, publishedDemoCredentials } from '@vitrina/env/demo';
import { biEntryPoints } from '../cluster/processes.ts';

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

/** The demo's service principal, as an account body for POST /api/account (tests: published secret). */
export const demoServicePrincipal = {
  authType: 'ServicePrincipal',
  description: 'Retail Andino - Entidad de servicio',
  username: 'vitrina-app',
  tenantId: 'vitrina',
  clientId: principal.clientId,
  password: publishedDemoCredentials.servicePrincipalSecret,
};

/**
 * Starts the service; `withFaultSwitch` starts it through the tests' entry point, the same server
 * with the fault switch installed.
 */
export async function startBundledBi(
  options: { withFaultSwitch?: boolean } = {},
): Promise<BundledBi> {
  const root = mkdtempSync(join(tmpdir(), 'vitrina-portal-bi-'));
  const [port, tlsPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      resolve(
        import.meta.dirname,
        '../../../..',
        biEntryPoints[options.withFaultSwitch ? 'withFaultSwitch' : 'shipped'],
      ),
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: root,
        BI_PORT: String(port),
        BI_TLS_PORT: String(tlsPort),
        BI_PUBLIC_URL: url,
        VITRINA_DEMO: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitForHealthy(`${url}/health`, child, 120_000);
  return {
    url,
    async setFaults(faults: unknown[]) {
      const response = await fetch(`${url}/_test/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(faults),
      });
      if (response.status !== 204) throw new Error(`fault switch: ${await response.text()}`);
    },
    async faults() {
      return (await fetch(`${url}/_test/faults`)).json() as Promise<
        { seen: number; fired: number }[]
      >;
    },
    portalEnv: {
      VITRINA_DEMO: 'true',
      BI_URL: url,
      BI_AUTHORITY_URL: `https://localhost:${tlsPort}/vitrina`,
      BI_TLS_CA_FILE: join(root, 'bi/tls/cert.pem'),
    },
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
