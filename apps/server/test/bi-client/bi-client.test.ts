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
import { identity, warningLog, workspace } from './fixtures.ts';

const comercial = identity('integracion@vitrina.test', [
  workspace('Comercial', 2, 1),
  workspace('Operaciones', 1, 0),
]);
let fake: FakeBiService;
let clock = Date.now();

function setup() {
  const transport = createHttpTransport({ ca: fake.ca });
  const { log, warnings } = warningLog();
  const tokens = createBiTokenProvider({
    authorityUrl: fake.authorityUrl,
    networkClient: createMsalNetworkClient(transport),
    log,
    now: () => clock,
  });
  return { tokens, warnings, client: createBiClient({ apiUrl: fake.url, transport, tokens, log }) };
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
    expect(Date.parse(report.expiration)).toBeGreaterThan(Date.now());
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
    const { log } = warningLog();
    const tokens = createBiTokenProvider({
      authorityUrl: 'https://127.0.0.1:1/vitrina',
      networkClient: createMsalNetworkClient(transport),
      log,
    });
    const client = createBiClient({ apiUrl: 'http://127.0.0.1:1', transport, tokens, log });
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
      log: warningLog().log,
    });
    await expect(tokens.getToken({ ...credentials, accountId: 99 })).rejects.toMatchObject({
      failure: 'unreachable',
    });
  });
});

describe('a 429 from the BI service', () => {
  /** Two master users of one application id, as tenants often register them. */
  function sharedApplication() {
    const first = identity(`primera${crypto.randomUUID()}@vitrina.test`, [workspace('Uno')]);
    const second = identity(`segunda${crypto.randomUUID()}@vitrina.test`, [workspace('Dos')]);
    second.clientId = first.clientId;
    fake.identities.push(first, second);
    return [
      { accountId: 11, ...first },
      { accountId: 12, ...second },
    ] as const;
  }

  it('holds the throttled account alone, for the announced wait, and logs it', async () => {
    const { tokens, warnings } = setup();
    const [throttled, other] = sharedApplication();
    fake.throttled.signIn.set(throttled.username, '120');
    await expect(tokens.getToken(throttled)).rejects.toMatchObject({
      failure: 'throttled',
      message: 'El servicio de BI limitó las solicitudes; reintente en 120 s.',
    });
    expect(warnings).toEqual([
      {
        details: { accountId: 11, retryAfter: '120' },
        message: 'BI service throttled the sign-in',
      },
    ]);
    // MSAL would refuse the other account too: its throttling state ignores the user.
    expect((await tokens.getToken(other)).accessToken).toBeTruthy();

    const asked = fake.calls.token;
    clock += 60_000;
    await expect(tokens.getToken(throttled)).rejects.toMatchObject({
      message: 'El servicio de BI limitó las solicitudes; reintente en 60 s.',
    });
    expect(fake.calls.token).toBe(asked);
    fake.throttled.signIn.delete(throttled.username);
    clock += 60_000;
    expect((await tokens.getToken(throttled)).accessToken).toBeTruthy();
    expect(fake.calls.token).toBe(asked + 1);
  });

  it('asks again at once when no wait was announced, or when the account is forgotten', async () => {
    const { tokens } = setup();
    const [throttled] = sharedApplication();
    fake.throttled.signIn.set(throttled.username, undefined);
    await expect(tokens.getToken(throttled)).rejects.toMatchObject({
      failure: 'throttled',
      message:
        'El servicio de BI limitó las solicitudes por exceso de uso; se volverá a intentar más tarde.',
    });
    fake.throttled.signIn.set(throttled.username, '300');
    await expect(tokens.getToken(throttled)).rejects.toMatchObject({
      message: 'El servicio de BI limitó las solicitudes; reintente en 300 s.',
    });
    // A connection test forgets the account first: it asks the service, not the hold.
    fake.throttled.signIn.delete(throttled.username);
    tokens.forget(throttled.accountId);
    expect((await tokens.getToken(throttled)).accessToken).toBeTruthy();
  });

  it('says when to retry a throttled REST call, and logs it', async () => {
    const { client, warnings } = setup();
    const [throttled] = sharedApplication();
    fake.throttled.calls.set(throttled.username, '7');
    await expect(client.listWorkspaces(throttled)).rejects.toMatchObject({
      failure: 'throttled',
      message: 'El servicio de BI limitó las solicitudes; reintente en 7 s.',
    });
    expect(warnings).toContainEqual({
      details: { accountId: 11, path: '/groups', retryAfter: '7' },
      message: 'BI service throttled',
    });
    fake.throttled.calls.delete(throttled.username);
  });
});
