import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { powerBiScope, servicePrincipal, startTestService, type TestService } from '../harness.ts';

const failuresAllowed = 3;

/**
 * Behind the proxy (TRUST_PROXY=127.0.0.1) the token endpoint counts outsiders by the address the
 * proxy forwards for. The test plays both sides on loopback: the proxy, sending X-Forwarded-For as
 * the shipped nginx does, and the portal, calling from 127.0.0.1 without it.
 */
describe('the BI service behind a proxy', () => {
  let bi: TestService;
  beforeAll(async () => {
    bi = await startTestService({
      TRUST_PROXY: '127.0.0.1',
      BI_AUTH_FAILURES_PER_WINDOW: String(failuresAllowed),
    });
  });
  afterAll(async () => bi.close());

  const tokenForm = (clientId: string, secret: string) =>
    new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
      scope: powerBiScope,
    }).toString();

  /** A token request as the proxy forwards it for `client`. */
  async function throughProxy(client: string, clientId: string, secret: string) {
    const response = await fetch(`${bi.url}/vitrina/oauth2/v2.0/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': client,
      },
      body: tokenForm(clientId, secret),
    });
    return response.status;
  }

  it("does not let outsiders' failures lock the portal's own client out", async () => {
    const outsiders = ['198.51.100.1', '198.51.100.2', '2001:db8::7'];
    const statuses: number[] = [];
    for (const outsider of outsiders) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const madeUp = `00000000-0000-0000-0000-00000000000${attempt}`;
        statuses.push(await throughProxy(outsider, madeUp, 'x'));
        statuses.push(await throughProxy(outsider, servicePrincipal.clientId, `guess-${attempt}`));
      }
    }
    // Each outsider is limited on its own address...
    expect(statuses.filter((status) => status !== 429)).toHaveLength(
      outsiders.length * 2 * failuresAllowed,
    );
    // ...and the portal, calling from the proxy's machine without the header, is not.
    const portal = await fetch(`${bi.url}/vitrina/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: tokenForm(servicePrincipal.clientId, servicePrincipal.secret),
    });
    expect(portal.status).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= failuresAllowed; attempt++) {
      const response = await bi.running.app.inject({
        method: 'POST',
        url: '/vitrina/oauth2/v2.0/token',
        remoteAddress: '203.0.113.9',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `192.0.2.${attempt + 1}`,
        },
        payload: tokenForm(servicePrincipal.clientId, `guess-${attempt}`),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('TRUST_PROXY and BI_HOST in the configuration', () => {
  it('refuses true, saying to list the proxy addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: list the proxy's addresses/,
    );
  });

  it('listens on loopback behind a proxy, on every interface otherwise, as BI_HOST says first', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1' })).toMatchObject({
      host: '127.0.0.1',
      trustProxy: ['127.0.0.1', '::1'],
    });
    expect(loadConfig({})).toMatchObject({ host: '0.0.0.0', trustProxy: false });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8', BI_HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});
