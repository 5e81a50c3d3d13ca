import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealthy } from '@vitrina/e2e/stack';

/** The bundled BI service in demo mode, in its own process, and the portal settings to reach it. */
export interface BundledBi {
  url: string;
  /** Environment for the portal: BI URL, HTTPS authority and the service's CA file. */
  portalEnv: Record<string, string>;
  stop(): Promise<void>;
}

export async function startBundledBi(): Promise<BundledBi> {
  const root = mkdtempSync(join(tmpdir(), 'vitrina-portal-bi-'));
  const [port, tlsPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [resolve(import.meta.dirname, '../../../bi-service/src/server.ts')],
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
