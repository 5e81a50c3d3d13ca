import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBiClient } from '../../src/modules/bi-client/bi-client.ts';
import { BiServiceError } from '../../src/modules/bi-client/bi-errors.ts';
import {
  createBiTokenProvider,
  type BiCredentials,
} from '../../src/modules/bi-client/bi-token-provider.ts';
import { createHttpTransport } from '../../src/modules/bi-client/http-transport.ts';
import { createMsalNetworkClient } from '../../src/modules/bi-client/msal-network-client.ts';
import { startFakeBiService, type FakeBiService } from './fake-bi-service.ts';
import { identity, workspace } from './fixtures.ts';

const comercial = identity('integracion@vitrina.test', [
  workspace('Comercial', 2, 1),
  workspace('Operaciones', 1, 0),
]);
let fake: FakeBiService;
let clock = Date.now();

function setup() {
  const transport = createHttpTransport({ ca: fake.ca });
  const tokens = createBiTokenProvider({
    authorityUrl: fake.authorityUrl,
    networkClient: createMsalNetworkClient(transport),
    now: () => clock,
  });
  return { tokens, client: createBiClient({ apiUrl: fake.url, transport, tokens }) };
}

const credentials: BiCredentials = { accountId: 1, ...comercial };

beforeAll(async () => {
  fake = await startFakeBiService([comercial]);
});
afterAll(() => fake.close());

describe('BI client over TLS with msal-node (password grant)', () => {
  it('lists workspaces, reports and dashboards', async () => {
    const { client } = setup();
    const workspaces = await client.listWorkspaces(credentials);
    expect(workspaces.map((w) => w.name)).toEqual(['Comercial', 'Operaciones']);
    const items = await client.listItems(credentials, workspaces[0]!.id);
    expect(items.map((i) => [i.name, i.kind])).toEqual([
      ['Comercial informe 1', 'report'],
      ['Comercial informe 2', 'report'],
      ['Comercial panel 1', 'dashboard'],
    ]);
    expect(items[0]!.embedUrl).toContain(`reportId=${items[0]!.id}`);
  });

  it('caches the access token per account and renews it before expiry', async () => {
    const { tokens } = setup();
    const before = fake.calls.token;
    const [first, second] = await Promise.all([
      tokens.getToken(credentials),
      tokens.getToken(credentials),
    ]);
    expect(second.accessToken).toBe(first.accessToken);
    expect(fake.calls.token - before).toBe(1);
    expect((await tokens.getToken(credentials)).accessToken).toBe(first.accessToken);
    clock += 56 * 60_000; // inside the five-minute renewal window of a one-hour token
    const renewed = await tokens.getToken(credentials);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(fake.calls.token - before).toBe(2);
  });

  it('asks again when the password changes', async () => {
    const { tokens } = setup();
    await tokens.getToken(credentials);
    await expect(tokens.getToken({ ...credentials, password: 'Otra2024' })).rejects.toMatchObject({
      failure: 'credentials',
      message: 'El usuario o la contraseña de la cuenta de integración no son válidos.',
    });
  });

  it('reports an unknown application id', async () => {
    const { client } = setup();
    const error = await client
      .listWorkspaces({ ...credentials, clientId: crypto.randomUUID() })
      .catch((e) => e);
    expect(error).toBeInstanceOf(BiServiceError);
    expect(error.failure).toBe('application');
  });

  it('generates View embed tokens for reports and dashboards', async () => {
    const { client } = setup();
    const target = comercial.workspaces[0]!;
    const report = await client.generateViewToken(credentials, {
      kind: 'report',
      workspaceId: target.id,
      itemId: target.reports[0]!.id,
    });
    expect(report.token).toMatch(/^embed-/);
    expect(report.expiration.getTime()).toBeGreaterThan(Date.now());
    const dashboard = await client.generateViewToken(credentials, {
      kind: 'dashboard',
      workspaceId: target.id,
      itemId: target.dashboards[0]!.id,
    });
    expect(dashboard.token).toMatch(/^embed-/);
    await expect(
      client.generateViewToken(credentials, {
        kind: 'report',
        workspaceId: target.id,
        itemId: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ failure: 'not_found' });
  });

  it('says the service is unreachable when nothing listens', async () => {
    const transport = createHttpTransport();
    const tokens = createBiTokenProvider({
      authorityUrl: 'https://127.0.0.1:1/vitrina',
      networkClient: createMsalNetworkClient(transport),
    });
    const client = createBiClient({ apiUrl: 'http://127.0.0.1:1', transport, tokens });
    await expect(client.listWorkspaces(credentials)).rejects.toMatchObject({
      failure: 'unreachable',
      message: 'No se pudo conectar con el servicio de BI.',
    });
  });

  it('rejects a certificate it was not told to trust', async () => {
    const transport = createHttpTransport();
    const tokens = createBiTokenProvider({
      authorityUrl: fake.authorityUrl,
      networkClient: createMsalNetworkClient(transport),
    });
    await expect(tokens.getToken({ ...credentials, accountId: 99 })).rejects.toMatchObject({
      failure: 'unreachable',
    });
  });
});
