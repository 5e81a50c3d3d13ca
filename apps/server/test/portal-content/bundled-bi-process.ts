import { join } from 'node:path';
import { startBiProcess } from '@vitrina/test-support/processes';

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
