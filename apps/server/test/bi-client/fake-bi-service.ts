import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSelfSignedCertificate } from './self-signed.ts';

/**
 * A minimal stand-in for Azure AD + the Power BI REST API over TLS: OpenID discovery, the
 * password grant, groups/reports/dashboards (and one report) and GenerateToken. Only for tests of the portal's
 * BI client, sync and viewer; the bundled BI service is the real counterpart.
 */
export interface FakeWorkspace {
  id: string;
  name: string;
  reports: { id: string; name: string }[];
  dashboards: { id: string; name: string }[];
}

export interface FakeIdentity {
  username: string;
  password: string;
  clientId: string;
  workspaces: FakeWorkspace[];
}

export interface FakeBiService {
  url: string;
  authorityUrl: string;
  ca: string;
  identities: FakeIdentity[];
  /** How many times each endpoint kind was called. */
  calls: { token: number; groups: number; generateToken: number };
  /** Every REST call signed in, as `METHOD /v1.0/myorg/…`, in order. */
  restCalls: string[];
  /** Embed token lifetime in seconds. */
  embedTokenSeconds: number;
  /**
   * Usernames whose sign-ins (`signIn`) or REST calls (`calls`) are answered 429, with the
   * Retry-After value to send (undefined: none), as the BI service's limits answer.
   */
  throttled: { signIn: Map<string, string | undefined>; calls: Map<string, string | undefined> };
  close(): Promise<void>;
}

const tenant = 'vitrina';

export async function startFakeBiService(identities: FakeIdentity[]): Promise<FakeBiService> {
  const { cert, key } = await createSelfSignedCertificate();
  const accessTokens = new Map<string, FakeIdentity>();
  const server = createServer({ cert, key }, (req, res) => {
    void handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://localhost:${(server.address() as AddressInfo).port}`;
  const fake: FakeBiService = {
    url,
    authorityUrl: `${url}/${tenant}`,
    ca: cert,
    identities,
    calls: { token: 0, groups: 0, generateToken: 0 },
    restCalls: [],
    embedTokenSeconds: 3600,
    throttled: { signIn: new Map(), calls: new Map() },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', url).pathname;
    if (path === `/${tenant}/v2.0/.well-known/openid-configuration`) {
      return json(res, 200, {
        issuer: `${url}/${tenant}/v2.0`,
        authorization_endpoint: `${url}/${tenant}/oauth2/v2.0/authorize`,
        token_endpoint: `${url}/${tenant}/oauth2/v2.0/token`,
        jwks_uri: `${url}/${tenant}/discovery/v2.0/keys`,
      });
    }
    if (path === `/${tenant}/oauth2/v2.0/token` && req.method === 'POST') {
      fake.calls.token += 1;
      const form = new URLSearchParams(await readBody(req));
      const ofClient = identities.filter((i) => i.clientId === form.get('client_id'));
      if (ofClient.length === 0)
        return json(res, 400, { error: 'unauthorized_client', error_description: 'AADSTS700016' });
      const username = form.get('username') ?? '';
      if (fake.throttled.signIn.has(username)) {
        return tooMany(res, fake.throttled.signIn.get(username), {
          error: 'temporarily_unavailable',
          error_description: 'AADSTS50196: Too many failed attempts; retry later.',
          error_codes: [50196],
        });
      }
      // Master users of one tenant often share one application id.
      const identity = ofClient.find((i) => i.username === username);
      if (!identity || identity.password !== form.get('password')) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'AADSTS50126' });
      }
      const accessToken = randomUUID();
      accessTokens.set(accessToken, identity);
      return json(res, 200, {
        token_type: 'Bearer',
        scope: form.get('scope'),
        expires_in: 3600,
        ext_expires_in: 3600,
        access_token: accessToken,
      });
    }
    const identity = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!identity) return json(res, 401, { error: { code: 'TokenExpired' } });
    if (fake.throttled.calls.has(identity.username)) {
      return tooMany(res, fake.throttled.calls.get(identity.username), {
        error: { code: 'TooManyRequests', message: 'Rate limit exceeded' },
      });
    }
    fake.restCalls.push(`${req.method} ${path}`);
    return handleRest(req, res, path, identity);
  }

  function handleRest(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    identity: FakeIdentity,
  ) {
    if (path === '/v1.0/myorg/groups') {
      fake.calls.groups += 1;
      return json(res, 200, { value: identity.workspaces.map(({ id, name }) => ({ id, name })) });
    }
    const match =
      /^\/v1\.0\/myorg\/groups\/([^/]+)\/(reports|dashboards)(?:\/([^/]+)(\/GenerateToken)?)?$/.exec(
        path,
      );
    const workspace = identity.workspaces.find((w) => w.id === match?.[1]);
    if (!match || !workspace) return json(res, 404, { error: { code: 'ItemNotFound' } });
    const kind = match[2] === 'reports' ? 'report' : 'dashboard';
    const items = kind === 'report' ? workspace.reports : workspace.dashboards;
    const embedUrl = (id: string) => `${url}/${kind}Embed?${kind}Id=${id}&groupId=${workspace.id}`;
    if (match[3] === undefined) {
      return json(res, 200, {
        value: items.map((item) => ({
          id: item.id,
          [kind === 'report' ? 'name' : 'displayName']: item.name,
          embedUrl: embedUrl(item.id),
        })),
      });
    }
    const item = items.find(({ id }) => id === match[3]);
    if (!item) return json(res, 404, { error: { code: 'ItemNotFound' } });
    if (match[4] === undefined && req.method === 'GET' && kind === 'report') {
      return json(res, 200, { id: item.id, name: item.name, embedUrl: embedUrl(item.id) });
    }
    if (req.method !== 'POST' || match[4] === undefined) {
      return json(res, 404, { error: { code: 'ItemNotFound' } });
    }
    fake.calls.generateToken += 1;
    const expiration = new Date(Date.now() + fake.embedTokenSeconds * 1000).toISOString();
    return json(res, 200, { token: `embed-${randomUUID()}`, tokenId: randomUUID(), expiration });
  }

  return fake;
}

function tooMany(res: ServerResponse, retryAfter: string | undefined, body: unknown) {
  if (retryAfter !== undefined) res.setHeader('retry-after', retryAfter);
  return json(res, 429, body);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
