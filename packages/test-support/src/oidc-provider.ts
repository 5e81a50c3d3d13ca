import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** Claims of a test account beyond `sub`. */
export type AccountClaims = Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers (or changes) an account's claims. */
  setAccount(id: string, claims: AccountClaims): void;
  /** The account the next authorization signs in as (no login form: the test decides). */
  signInAs(id: string): void;
  /** How many times the provider's keys were fetched. */
  jwksRequests(): number;
  /** Serves with a new signing key (new `kid`), as a provider rotating its keys. */
  rotateKeys(): Promise<void>;
  close(): Promise<void>;
}

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: `k${Math.random().toString(36).slice(2)}`, alg: 'RS256', use: 'sig' };
}

/**
 * A real OpenID provider (panva's `oidc-provider`) on a free loopback port, in this process: the
 * portal discovers it, fetches its keys and redeems codes over real HTTP. Interactions sign in
 * the account chosen by `signInAs` and grant every scope the client asks for.
 */
export async function startTestProvider(options: {
  redirectUri: string;
  postLogoutRedirectUri: string;
}): Promise<TestProvider> {
  const accounts = new Map<string, AccountClaims>();
  let next = '';
  let jwksRequests = 0;
  let provider: Provider;
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/jwks')) jwksRequests += 1;
    const interaction = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!interaction) return void provider.callback()(req, res);
    void provider
      .interactionFinished(
        req,
        res,
        { login: { accountId: next } },
        { mergeWithLastSubmission: false },
      )
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'vitrina-portal';
  const clientSecret = 'secreto-del-cliente-de-prueba-0123456789';

  async function build() {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [options.redirectUri],
          post_logout_redirect_uris: [options.postLogoutRedirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [await signingKey()] },
      cookies: { keys: ['clave-de-cookies-de-prueba'] },
      pkce: { required: () => true },
      // Every claim of the account goes into the ID token (as Entra and Keycloak do for groups).
      conformIdTokenClaims: false,
      claims: {
        openid: ['sub', 'groups', 'tid', 'employee_id', 'realm_access'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ sub: id, ...accounts.get(id) }),
      }),
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      // First-party client: every requested scope is granted without a consent screen.
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      ttl: { IdToken: 120, AuthorizationCode: 60, AccessToken: 300, Session: 3600, Grant: 3600 },
    };
    provider = new Provider(issuer, configuration);
  }
  await build();

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (id, claims) => void accounts.set(id, claims),
    signInAs: (id) => void (next = id),
    jwksRequests: () => jwksRequests,
    rotateKeys: build,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
