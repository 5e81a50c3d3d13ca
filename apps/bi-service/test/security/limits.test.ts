import { describe, expect, it, onTestFinished } from 'vitest';
import { workspaceIdFor } from '../../src/catalog/catalog.service.ts';
import { ids } from '../fixture-content.ts';
import {
  call,
  comercial,
  finanzas,
  powerBiScope,
  requestToken,
  servicePrincipal,
  startTestService,
  userToken,
} from '../harness.ts';

const limit = 3;

const statusesOf = (responses: { status: number }[]) => responses.map(({ status }) => status);

/**
 * A verified embed token for the sales report (its dataset has roles: an identity is due). The
 * fixture's dataset holds no data, so a call with it is answered 404; an unverified token, 401.
 */
async function mintEmbedToken(url: string, access: string): Promise<string> {
  const minted = await call(
    url,
    `/v1.0/myorg/groups/${workspaceIdFor('Comercial')}/reports/${ids.salesReport}/GenerateToken`,
    {
      token: access,
      body: { identities: [{ username: 'ana', roles: ['Region'], datasets: [ids.salesDataset] }] },
    },
  );
  expect(minted.status).toBe(200);
  return String(minted.json['token']);
}

describe('the rate limit counts the verified caller, else the address', () => {
  it('limits made-up bearer values together with their address', async () => {
    const fresh = await startTestService({ BI_RATE_LIMIT_PER_MINUTE: String(limit) });
    try {
      const responses = [];
      for (let attempt = 0; attempt < limit + 2; attempt++) {
        const token = `made-up-${attempt}`;
        responses.push(await call(fresh.url, '/v1.0/myorg/groups', { token }));
      }
      expect(statusesOf(responses)).toEqual([401, 401, 401, 429, 429]);
      // The token endpoint counts by address too, whatever Authorization header comes with it.
      const tokenCalls = [];
      for (let attempt = 0; attempt < limit + 1; attempt++) {
        const response = await fetch(`${fresh.url}/vitrina/oauth2/v2.0/token`, {
          method: 'POST',
          headers: { authorization: `Bearer made-up-${attempt}` },
        });
        tokenCalls.push(response);
      }
      expect(statusesOf(tokenCalls)).toEqual([400, 400, 400, 429]);
    } finally {
      await fresh.close();
    }
  });

  it('does not let varied spacing of one embed token escape the limit', async () => {
    const fresh = await startTestService({ BI_RATE_LIMIT_PER_MINUTE: String(limit) });
    try {
      const token = await mintEmbedToken(fresh.url, await userToken(fresh.url, comercial));
      const spellings = ['EmbedToken ', 'EmbedToken  ', 'embedtoken\t', '  EmbedToken   '];
      const statuses: number[] = [];
      for (const prefix of [...spellings, ...spellings]) {
        const response = await fetch(`${fresh.url}/v1.0/embed/reports/${ids.salesReport}`, {
          headers: { authorization: `${prefix}${token}` },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(404));
      expect(statuses.slice(limit)).toEqual(Array(statuses.length - limit).fill(429));
    } finally {
      await fresh.close();
    }
  });

  it('gives each embed token its own budget, though one principal generated them all', async () => {
    // A portal mints every viewer's token with one integration account: one shared budget would
    // cap the whole portal at the per-caller limit.
    const fresh = await startTestService({ BI_RATE_LIMIT_PER_MINUTE: String(limit) });
    try {
      const access = await userToken(fresh.url, comercial);
      const tokens = [
        await mintEmbedToken(fresh.url, access),
        await mintEmbedToken(fresh.url, access),
      ];
      const statusesFor = async (token: string) => {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < limit + 1; attempt++) {
          const response = await fetch(`${fresh.url}/v1.0/embed/reports/${ids.salesReport}`, {
            headers: { authorization: `EmbedToken ${token}` },
          });
          statuses.push(response.status);
        }
        return statuses;
      };
      expect(await statusesFor(tokens[0]!)).toEqual([404, 404, 404, 429]);
      expect(await statusesFor(tokens[1]!)).toEqual([404, 404, 404, 429]);
    } finally {
      await fresh.close();
    }
  });
});

describe('the token endpoint', () => {
  it('answers malformed Basic credentials with invalid_client (401), never 5xx', async () => {
    const fresh = await startTestService();
    try {
      for (const credentials of ['a%ZZ:b', 'a:%E0%A4%A', '%:%']) {
        const response = await fetch(`${fresh.url}/vitrina/oauth2/v2.0/token`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
          },
          body: new URLSearchParams({ grant_type: 'client_credentials', scope: powerBiScope }),
        });
        const body = (await response.json()) as Record<string, unknown>;
        expect(response.status).toBe(401);
        expect(body['error']).toBe('invalid_client');
        expect(String(body['error_description'])).toMatch(/^AADSTS\d+:/);
      }
    } finally {
      await fresh.close();
    }
  });

  it('gives parallel wrong secrets for one client at most the configured number of verdicts', async () => {
    const service = await startTestService({ BI_AUTH_FAILURES_PER_WINDOW: String(limit) });
    onTestFinished(() => service.close());
    const guesses = Array.from({ length: 30 }, (_, index) =>
      requestToken(service.url, {
        grant_type: 'client_credentials',
        client_id: servicePrincipal.clientId,
        client_secret: `guess-${index}`,
        scope: powerBiScope,
      }),
    );
    const answers = await Promise.all(guesses);
    const verdicts = answers.filter((answer) => answer.status === 401);
    expect(verdicts).toHaveLength(limit);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(30 - limit);
    expect(answers.every((answer) => typeof answer.body['error'] === 'string')).toBe(true);
    // The client id stays locked for the window, even for the right secret.
    const right = await requestToken(service.url, {
      grant_type: 'client_credentials',
      client_id: servicePrincipal.clientId,
      client_secret: servicePrincipal.secret,
      scope: powerBiScope,
    });
    expect(right.status).toBe(429);
  });

  it('counts failures per credential and address, and per address across credentials', async () => {
    const fresh = await startTestService({ BI_AUTH_FAILURES_PER_WINDOW: String(limit) });
    onTestFinished(() => fresh.close());
    const wrongPassword = (user: typeof comercial) =>
      requestToken(fresh.url, {
        grant_type: 'password',
        client_id: user.clientId,
        username: user.username,
        password: 'wrong',
        scope: powerBiScope,
      });
    const unknownClient = () =>
      requestToken(fresh.url, {
        grant_type: 'client_credentials',
        client_id: '00000000-0000-0000-0000-000000000000',
        client_secret: 'x',
        scope: powerBiScope,
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= limit; attempt++)
      statuses.push((await wrongPassword(comercial)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    // One account failing does not lock another out of the same address.
    expect((await userToken(fresh.url, finanzas)).length).toBeGreaterThan(0);
    // The address as a whole: five times the allowance, whatever credentials it tries.
    const sweep: number[] = [];
    for (let attempt = 0; attempt < 5 * limit; attempt++) {
      const guessed = { ...comercial, username: `nadie${attempt}@vitrina.demo` };
      sweep.push((await wrongPassword(guessed)).status);
    }
    // comercial's failures above and these fill the address's 5 × 3.
    expect(sweep).toEqual([...Array(4 * limit).fill(400), ...Array(limit).fill(429)]);
    expect((await unknownClient()).status).toBe(429);
  });
});
