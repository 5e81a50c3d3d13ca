import type { INetworkModule, NetworkResponse } from '@azure/msal-node';
import { describe, expect, it } from 'vitest';
import { createBiTokenProvider } from '../../src/modules/bi-client/bi-token-provider.ts';
import { warningLog } from './fixtures.ts';
import { generate } from 'selfsigned';

/**
 * The token requests msal-node sends for a service principal, checked against Microsoft's
 * documented client-credentials shapes (identity platform, "OAuth 2.0 client credentials flow":
 * first case with a shared secret, second case with a certificate assertion). Microsoft is
 * played by a recording network module: only the wire format is under test here.
 */
const authorityUrl = 'https://login.microsoftonline.com/common';
const tenant = 'contoso.onmicrosoft.com';
const clientId = '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a03';

function recordingNetwork() {
  const posts: { url: string; form: URLSearchParams }[] = [];
  const answer = <T>(body: unknown): NetworkResponse<T> => ({
    status: 200,
    headers: {},
    body: body as T,
  });
  const network: INetworkModule = {
    async sendGetRequestAsync(url) {
      // Instance discovery, then the tenant's OpenID configuration.
      if (url.includes('discovery/instance')) {
        return answer({
          tenant_discovery_endpoint: `https://login.microsoftonline.com/${tenant}/v2.0/.well-known/openid-configuration`,
          metadata: [],
        });
      }
      return answer({
        issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
        authorization_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
        token_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
        end_session_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/logout`,
        jwks_uri: `https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`,
      });
    },
    async sendPostRequestAsync(url, options) {
      posts.push({ url, form: new URLSearchParams(options?.body ?? '') });
      return answer({
        token_type: 'Bearer',
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: 'eyJ0eXAiOiJKV1QifQ.e30.firma',
      });
    },
  };
  return { network, posts };
}

const servicePrincipal = {
  accountId: 1,
  authType: 'ServicePrincipal' as const,
  username: 'mi-app',
  tenantId: tenant,
  clientId,
  password: 'valor-del-secreto',
};

describe('msal-node client-credentials requests (service principals)', () => {
  it('shared secret: POST /{tenant}/oauth2/v2.0/token with client_id, scope, client_secret, grant_type', async () => {
    const { network, posts } = recordingNetwork();
    const tokens = createBiTokenProvider({
      authorityUrl,
      networkClient: network,
      log: warningLog().log,
    });
    await tokens.getToken(servicePrincipal);
    expect(posts).toHaveLength(1);
    const [{ url, form }] = posts as [(typeof posts)[0]];
    expect(new URL(url).origin + new URL(url).pathname).toBe(
      `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
    );
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_id')).toBe(clientId);
    expect(form.get('client_secret')).toBe('valor-del-secreto');
    expect(form.get('scope')?.split(' ')).toContain(
      'https://analysis.windows.net/powerbi/api/.default',
    );
    expect(form.has('username')).toBe(false);
    expect(form.has('password')).toBe(false);
  });

  it('certificate: a signed client_assertion (jwt-bearer) naming the certificate, no secret', async () => {
    const pems = await generate([{ name: 'commonName', value: 'vitrina-app' }], {
      keyType: 'rsa',
      keySize: 2048,
      algorithm: 'sha256',
    });
    const { network, posts } = recordingNetwork();
    const tokens = createBiTokenProvider({
      authorityUrl,
      networkClient: network,
      log: warningLog().log,
    });
    await tokens.getToken({
      ...servicePrincipal,
      password: '',
      certificate: pems.private + pems.cert,
    });
    const [{ form }] = posts as [(typeof posts)[0]];
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_assertion_type')).toBe(
      'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    );
    expect(form.has('client_secret')).toBe(false);
    const [header, payload] = (form.get('client_assertion') ?? '')
      .split('.')
      .slice(0, 2)
      .map(
        (part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>,
      );
    expect(header).toMatchObject({ typ: 'JWT' });
    expect(header!['x5t#S256'] ?? header!['x5t']).toBeTruthy();
    expect(payload).toMatchObject({ iss: clientId, sub: clientId });
    expect(String(payload!['aud'])).toContain(`/${tenant}/oauth2/v2.0/token`);
  });
});
