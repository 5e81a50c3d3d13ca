import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfidentialClientApplication } from '@azure/msal-node';
import { startBiProcess, type BiProcess } from '@vitrina/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caTrustingNetworkClient } from './msal-network-client.ts';
import { call, powerBiScope, servicePrincipal } from './harness.ts';

let bi: BiProcess;
let url: string;
let tlsPort: number;
let dataRoot: string;

// A real first start: the demo datasets are generated before the service reports healthy.
beforeAll(async () => {
  bi = await startBiProcess({ env: { VITRINA_DEMO: 'true' }, generateDemoDatasets: true });
  ({ url, tlsPort, dataDir: dataRoot } = bi);
}, 130_000);

afterAll(() => bi?.stop());

describe('server.ts (demo mode, first start)', () => {
  it('answers /health with { status: "ok" }', async () => {
    const response = await fetch(`${url}/health`);
    expect(await response.json()).toMatchObject({ status: 'ok' });
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
