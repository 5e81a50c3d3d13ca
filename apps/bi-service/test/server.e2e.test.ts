import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfidentialClientApplication } from '@azure/msal-node';
import { freePort, waitForHealthy } from '@vitrina/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caTrustingNetworkClient } from './msal-network-client.ts';
import { call, powerBiScope, servicePrincipal } from './harness.ts';

const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-server-'));
let child: ChildProcess;
let url: string;
let tlsPort: number;

// A real first start: the demo datasets are generated before the service reports healthy.
beforeAll(async () => {
  const [port, securePort] = [await freePort(), await freePort()];
  tlsPort = securePort;
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [resolve(import.meta.dirname, '../src/server.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataRoot,
      BI_PORT: String(port),
      BI_TLS_PORT: String(tlsPort),
      VITRINA_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealthy(`${url}/health`, child, 120_000);
}, 130_000);

afterAll(async () => {
  if (child.exitCode === null) {
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }
  rmSync(dataRoot, { recursive: true, force: true });
});

describe('server.ts (demo mode, first start)', () => {
  it('answers /health with { status: "ok" }', async () => {
    const response = await fetch(`${url}/health`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('creates its TLS certificate under DATA_DIR/bi/tls and serves MSAL over HTTPS', async () => {
    const ca = readFileSync(join(dataRoot, 'bi/tls/cert.pem'), 'utf8');
    const client = new ConfidentialClientApplication({
      auth: {
        clientId: servicePrincipal.clientId,
        clientSecret: servicePrincipal.secret,
        authority: `https://localhost:${tlsPort}/vitrina`,
        knownAuthorities: [`localhost:${tlsPort}`],
      },
      system: { networkClient: caTrustingNetworkClient(ca) },
    });
    const result = await client.acquireTokenByClientCredential({ scopes: [powerBiScope] });
    const groups = await call(url, '/v1.0/myorg/groups', { token: result!.accessToken });
    expect((groups.json['value'] as { name: string }[]).map((group) => group.name)).toEqual([
      'Comercial',
      'Finanzas',
      'Operaciones',
      'Recursos Humanos',
    ]);
  });

  it('seeds at least eight reports and two dashboards across the demo workspaces', async () => {
    const { body } = await fetch(`${url}/vitrina/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: servicePrincipal.clientId,
        client_secret: servicePrincipal.secret,
        scope: powerBiScope,
      }),
    }).then(async (response) => ({ body: (await response.json()) as { access_token: string } }));
    const token = body.access_token;
    const groups = (await call(url, '/v1.0/myorg/groups', { token })).json['value'] as {
      id: string;
    }[];
    let reports = 0;
    let dashboards = 0;
    for (const group of groups) {
      reports += (
        (await call(url, `/v1.0/myorg/groups/${group.id}/reports`, { token })).json[
          'value'
        ] as unknown[]
      ).length;
      dashboards += (
        (await call(url, `/v1.0/myorg/groups/${group.id}/dashboards`, { token })).json[
          'value'
        ] as unknown[]
      ).length;
    }
    expect(reports).toBeGreaterThanOrEqual(8);
    expect(dashboards).toBeGreaterThanOrEqual(2);
  });
});
