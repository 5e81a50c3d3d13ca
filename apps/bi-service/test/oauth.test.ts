import { readFileSync } from 'node:fs';
import { ConfidentialClientApplication, PublicClientApplication } from '@azure/msal-node';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { caTrustingNetworkClient } from './msal-network-client.ts';
import { comercial, powerBiScope, requestToken, servicePrincipal } from './harness.ts';
import { useTestService } from './support/test-service.ts';

const service = useTestService();

const passwordForm = (overrides: Record<string, string> = {}) => ({
  grant_type: 'password',
  client_id: comercial.clientId,
  username: comercial.username,
  password: comercial.password,
  scope: powerBiScope,
  ...overrides,
});

describe('token endpoint: password grant', () => {
  it('issues an hour-long bearer token for good credentials, for any tenant segment', async () => {
    for (const tenant of ['vitrina', 'common', 'organizations']) {
      const { status, body } = await requestToken(service.url, passwordForm(), tenant);
      expect(status).toBe(200);
      expect(body['token_type']).toBe('Bearer');
      expect(body['expires_in']).toBe(3600);
      const claims = decodeJwt(String(body['access_token']));
      expect(claims['aud']).toBe('https://analysis.windows.net/powerbi/api');
      expect(claims['upn']).toBe(comercial.username);
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    }
  });

  it('refuses a wrong password or an unknown user with AADSTS50126', async () => {
    for (const form of [
      passwordForm({ password: 'wrong' }),
      passwordForm({ username: 'nadie@vitrina.demo' }),
    ]) {
      const { status, body } = await requestToken(service.url, form);
      expect(status).toBe(400);
      expect(body['error']).toBe('invalid_grant');
      expect(body['error_codes']).toEqual([50126]);
      expect(String(body['error_description'])).toMatch(/^AADSTS50126:/);
    }
  });

  it('refuses an unregistered client id with AADSTS700016', async () => {
    const { status, body } = await requestToken(
      service.url,
      passwordForm({ client_id: '00000000-0000-0000-0000-000000000000' }),
    );
    expect(status).toBe(400);
    expect(body['error']).toBe('unauthorized_client');
    expect(body['error_codes']).toEqual([700016]);
  });

  it('lets a confidential client use the password grant only with its secret', async () => {
    const withoutSecret = await requestToken(
      service.url,
      passwordForm({ client_id: servicePrincipal.clientId }),
    );
    expect(withoutSecret.status).toBe(401);
    expect(withoutSecret.body['error']).toBe('invalid_client');
    const withSecret = await requestToken(
      service.url,
      passwordForm({
        client_id: servicePrincipal.clientId,
        client_secret: servicePrincipal.secret,
      }),
    );
    expect(withSecret.status).toBe(200);
  });

  it('names the missing parameter, the bad scope and the unsupported grant', async () => {
    const missing = await requestToken(service.url, {
      grant_type: 'password',
      scope: powerBiScope,
    });
    expect(missing.body['error']).toBe('invalid_request');
    expect(String(missing.body['error_description'])).toContain("'client_id'");
    const scope = await requestToken(
      service.url,
      passwordForm({ scope: 'https://graph.microsoft.com/.default' }),
    );
    expect(scope.body['error']).toBe('invalid_scope');
    const grant = await requestToken(
      service.url,
      passwordForm({ grant_type: 'authorization_code' }),
    );
    expect(grant.body['error']).toBe('unsupported_grant_type');
  });
});

describe('token endpoint: client credentials', () => {
  const form = (overrides: Record<string, string> = {}) => ({
    grant_type: 'client_credentials',
    client_id: servicePrincipal.clientId,
    client_secret: servicePrincipal.secret,
    scope: powerBiScope,
    ...overrides,
  });

  it('issues an application token for the right secret (body or Basic header)', async () => {
    const { status, body } = await requestToken(service.url, form());
    expect(status).toBe(200);
    expect(decodeJwt(String(body['access_token']))['idtyp']).toBe('app');

    const basic = Buffer.from(`${servicePrincipal.clientId}:${servicePrincipal.secret}`).toString(
      'base64',
    );
    const response = await fetch(`${service.url}/vitrina/oauth2/v2.0/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: powerBiScope }),
    });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong secret with 401 invalid_client (AADSTS7000215)', async () => {
    const { status, body } = await requestToken(service.url, form({ client_secret: 'nope' }));
    expect(status).toBe(401);
    expect(body['error']).toBe('invalid_client');
    expect(body['error_codes']).toEqual([7000215]);
  });

  it('refuses client credentials for a public client', async () => {
    const { status, body } = await requestToken(
      service.url,
      form({ client_id: comercial.clientId }),
    );
    expect(status).toBe(401);
    expect(body['error_codes']).toEqual([7000218]);
  });
});

describe('discovery', () => {
  it('serves the OpenID configuration with this origin in its endpoints', async () => {
    const response = await fetch(`${service.url}/vitrina/v2.0/.well-known/openid-configuration`);
    const body = (await response.json()) as Record<string, string>;
    expect(body['token_endpoint']).toBe(`${service.url}/vitrina/oauth2/v2.0/token`);
    expect(body['issuer']).toBe(`${service.url}/vitrina/v2.0`);
  });

  it('serves instance discovery metadata', async () => {
    const response = await fetch(`${service.url}/common/discovery/instance?api-version=1.1`);
    const body = (await response.json()) as { metadata: { aliases: string[] }[] };
    expect(body.metadata[0]?.aliases).toEqual([new URL(service.url).host]);
  });
});

describe('@azure/msal-node against the HTTPS authority', () => {
  const system = () => ({
    networkClient: caTrustingNetworkClient(readFileSync(service.running.certFile, 'utf8')),
  });
  const auth = (clientId: string) => ({
    clientId,
    authority: `${service.tlsUrl}/vitrina`,
    knownAuthorities: [new URL(service.tlsUrl).host],
  });

  it('acquires a token by username and password (public client)', async () => {
    const client = new PublicClientApplication({
      auth: auth(comercial.clientId),
      system: system(),
    });
    const result = await client.acquireTokenByUsernamePassword({
      scopes: [powerBiScope],
      username: comercial.username,
      password: comercial.password,
    });
    expect(result?.accessToken).toBeTruthy();
    expect(result?.account?.username).toBe(comercial.username);
    expect(result?.expiresOn?.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    const groups = await fetch(`${service.url}/v1.0/myorg/groups`, {
      headers: { authorization: `Bearer ${result!.accessToken}` },
    });
    expect(groups.status).toBe(200);
  });

  it('surfaces the service error for a wrong password', async () => {
    const client = new PublicClientApplication({
      auth: auth(comercial.clientId),
      system: system(),
    });
    await expect(
      client.acquireTokenByUsernamePassword({
        scopes: [powerBiScope],
        username: comercial.username,
        password: 'x',
      }),
    ).rejects.toMatchObject({ errorCode: 'invalid_grant' });
  });

  it('acquires a token by client credentials (confidential client)', async () => {
    const client = new ConfidentialClientApplication({
      auth: { ...auth(servicePrincipal.clientId), clientSecret: servicePrincipal.secret },
      system: system(),
    });
    const result = await client.acquireTokenByClientCredential({ scopes: [powerBiScope] });
    expect(decodeJwt(result!.accessToken)['appid']).toBe(servicePrincipal.clientId);
  });
});
