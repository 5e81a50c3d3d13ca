import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ssoFailureMessage, type AuthenticatedUser, type SsoFailureCode } from '@vitrina/contracts';
import { manualClock } from '../../src/lib/clock.ts';
import { seedFixture, type Fixture } from '../fixtures.ts';
import { createTransactionSealer } from '../../src/modules/oidc/login-transaction.ts';
import {
  buildTestApp,
  callApi,
  createUser,
  login,
  resetDatabase,
  type TestApp,
} from '../helper.ts';
import { createBrowserAgent } from './browser-agent.ts';
import { startTestProvider, type TestProvider } from '@vitrina/test-support/oidc-provider';

const portalUrl = 'http://localhost:8080';
const displayName = 'Cuenta Empresa';

let provider: TestProvider;
let context: TestApp;
let fixture: Fixture;
const clock = manualClock(new Date());
const logLines: string[] = [];

/** Accounts of the test provider: an administrator, a seller, and someone of another company. */
function registerAccounts() {
  provider.setAccount('ana', {
    email: 'ana@empresa.com',
    email_verified: true,
    given_name: 'Ana',
    family_name: 'Admin',
    preferred_username: 'ana@empresa.com',
    groups: ['bi-admins', 'todos'],
  });
  provider.setAccount('vera', {
    email: 'vera@empresa.com',
    name: 'Vera Ventas',
    groups: ['ventas'],
    employee_id: 'V-042',
  });
  provider.setAccount('otro', { email: 'otro@ajena.com', groups: ['ventas'] });
  provider.setAccount('sin-grupos', { email: 'sin@empresa.com' });
}

beforeAll(async () => {
  provider = await startTestProvider({
    redirectUri: `${portalUrl}/api/auth/oidc/callback`,
    postLogoutRedirectUri: `${portalUrl}/`,
  });
  context = await buildTestApp('sqlite', {
    clock,
    env: {
      PORTAL_URL: portalUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_DISPLAY_NAME: displayName,
      OIDC_ADMIN_VALUES: 'bi-admins',
      OIDC_ALLOWED_DOMAINS: 'empresa.com',
      OIDC_RLS_CLAIM: 'employee_id',
      OIDC_RLS_ROLES: 'Vendedor',
      OIDC_END_SESSION: 'true',
      LOCAL_LOGIN: 'admins',
    },
    // Everything the portal logs, to prove the client secret is never among it.
    logger: {
      level: 'trace',
      stream: { write: (line: string) => void logLines.push(line) },
    },
  });
});
afterAll(async () => {
  await context?.close();
  await provider?.close();
});
beforeEach(async () => {
  await resetDatabase(context.db);
  fixture = await seedFixture(context.app, context.db);
  registerAccounts();
});

/** A whole sign-in as `account`: the login page's URL after the callback, and the hand-off. */
async function signInAs(account: string, returnUrl = '/gateway') {
  provider.signInAs(account);
  const agent = createBrowserAgent(context.app);
  const callbackUrl = await agent.authorize(await agent.start(returnUrl), portalUrl);
  const landing = await agent.callback(callbackUrl);
  return { agent, landing, callbackUrl };
}

async function signedIn(account: string): Promise<AuthenticatedUser> {
  const { agent, landing } = await signInAs(account);
  expect(landing.searchParams.get('sso_error')).toBeNull();
  const response = await agent.handOff();
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The login page the browser lands on explains `code` (its message exists in Spanish). */
function expectRefused(landing: URL, code: SsoFailureCode) {
  expect(`${landing.origin}${landing.pathname}`).toBe(`${portalUrl}/`);
  expect(landing.searchParams.get('sso_error')).toBe(code);
  expect(ssoFailureMessage(code, displayName)).toMatch(/\S/);
}

describe('sign-in with the company provider (oidc-provider over HTTP)', () => {
  it('a member of the admin group lands as administrator, on the page asked for', async () => {
    const { agent, landing } = await signInAs('ana', '/viewer/abc');
    expect(landing.searchParams.get('sso')).toBe('1');
    expect(landing.searchParams.get('returnUrl')).toBe('/viewer/abc');
    const user: AuthenticatedUser = (await agent.handOff()).json();
    expect(user).toMatchObject({ username: 'ana@empresa.com', firstname: 'Ana', rol: 0 });
    // The portal's own tokens, as after a local login: the access token opens the API and the
    // refresh token rotates.
    const about = await callApi(context.app, {
      method: 'GET',
      url: '/api/infraestructure/about',
      token: user.token,
    });
    expect(about.statusCode).toBe(200);
    const refreshed = await callApi(context.app, {
      method: 'POST',
      url: '/api/user/refreshtoken',
      body: { token: user.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('a member of another group is a viewer who sees only what the group was granted', async () => {
    const vera = await signedIn('vera');
    expect(vera.rol).toBe(1);
    const groups = await callApi(context.app, {
      method: 'GET',
      url: '/api/groups',
      token: fixture.tokens.administrator,
    });
    expect(groups.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'ventas', members: 1 })]),
    );
    const grant = await callApi(context.app, {
      method: 'PUT',
      url: '/api/groups/ventas/permissions',
      token: fixture.tokens.administrator,
      body: [{ accountElementId: fixture.report.biId }],
    });
    expect(grant.statusCode).toBe(200);
    const tree = await callApi(context.app, {
      method: 'GET',
      url: `/api/account/${vera.id}`,
      token: vera.token,
    });
    expect(tree.statusCode).toBe(200);
    const names = JSON.stringify(tree.json());
    expect(names).toContain(fixture.report.biId);
    expect(names).not.toContain(fixture.hiddenReport.biId);
  });

  it('the RLS claim becomes the identity the viewer carries on the account', async () => {
    const vera = await signedIn('vera');
    await callApi(context.app, {
      method: 'PUT',
      url: '/api/groups/ventas/permissions',
      token: fixture.tokens.administrator,
      body: [{ accountElementId: fixture.report.biId }],
    });
    const access = await callApi(context.app, {
      method: 'GET',
      url: `/api/administration/report/${fixture.report.biId}/access`,
      token: fixture.tokens.administrator,
    });
    expect(access.statusCode).toBe(200);
    const entry = (access.json() as { user: { id: number } }[]).find((e) => e.user.id === vera.id);
    expect(entry).toMatchObject({
      groups: ['ventas'],
      identities: [{ username: 'V-042', roles: ['Vendedor'], datasetId: null }],
    });
  });

  it('a changed group changes the role at the next sign-in', async () => {
    expect((await signedIn('vera')).rol).toBe(1);
    provider.setAccount('vera', { email: 'vera@empresa.com', groups: ['bi-admins'] });
    const again = await signedIn('vera');
    expect(again.rol).toBe(0);
    // The same portal user (linked by issuer and subject), not a second one.
    const users = await context.db
      .selectFrom('users')
      .select('id')
      .where('mail', '=', 'vera@empresa.com')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('audits the sign-in with the claims that decided the role', async () => {
    const ana = await signedIn('ana');
    const row = await context.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'login.oidc')
      .where('actor_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.detail ?? '{}')).toMatchObject({
      rol: 0,
      roleClaims: { claim: 'groups', values: ['bi-admins', 'todos'], adminMatches: ['bi-admins'] },
    });
  });
});

describe("the provider's signing keys", () => {
  it('a rotated key is fetched again once the kept keys are a minute old', async () => {
    await signedIn('ana'); // the portal now keeps the provider's keys
    // The signature was checked against the provider's keys, fetched once and kept.
    const fetched = provider.jwksRequests();
    expect(fetched).toBeGreaterThan(0);
    await signedIn('ana');
    expect(provider.jwksRequests()).toBe(fetched);
    await provider.rotateKeys();
    // Within the minute, a token signed with a key the portal has not seen is refused …
    expectRefused((await signInAs('ana')).landing, 'token');
    // … after it, the unknown key id makes the portal fetch the provider's keys again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await signedIn('ana')).rol).toBe(0);
      expect(provider.jwksRequests()).toBe(fetched + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('refusals, each with its message', () => {
  it('a tampered state', async () => {
    provider.signInAs('ana');
    const agent = createBrowserAgent(context.app);
    const callbackUrl = await agent.authorize(await agent.start(), portalUrl);
    callbackUrl.searchParams.set('state', 'otro-estado');
    expectRefused(await agent.callback(callbackUrl), 'state');
  });

  it('a callback in a browser that did not start the sign-in (no cookie)', async () => {
    provider.signInAs('ana');
    const agent = createBrowserAgent(context.app);
    const callbackUrl = await agent.authorize(await agent.start(), portalUrl);
    expectRefused(await createBrowserAgent(context.app).callback(callbackUrl), 'state');
  });

  it('a replayed code', async () => {
    provider.signInAs('ana');
    const agent = createBrowserAgent(context.app);
    const callbackUrl = await agent.authorize(await agent.start(), portalUrl);
    // The attacker kept a copy of the transaction cookie and replays the whole callback.
    const sealed = agent.portal.cookies.get('vitrina_oidc') ?? '';
    expect((await agent.callback(callbackUrl)).searchParams.get('sso')).toBe('1');
    agent.portal.cookies.set('vitrina_oidc', sealed);
    expectRefused(await agent.callback(callbackUrl), 'code');
  });

  it('a wrong nonce', async () => {
    provider.signInAs('ana');
    const agent = createBrowserAgent(context.app);
    const authorizationUrl = await agent.start();
    // The browser's transaction, sealed again with another nonce by the portal's own key.
    const sealer = createTransactionSealer(context.app.context.accountKey, () => clock.now());
    const transaction = await sealer.open(agent.portal.cookies.get('vitrina_oidc'));
    expect(transaction).toBeDefined();
    agent.portal.cookies.set(
      'vitrina_oidc',
      await sealer.seal({ ...transaction!, nonce: 'otro-nonce' }),
    );
    const callbackUrl = await agent.authorize(authorizationUrl, portalUrl);
    expectRefused(await agent.callback(callbackUrl), 'nonce');
  });

  it('a wrong issuer (mix-up: the response names another provider)', async () => {
    provider.signInAs('ana');
    const agent = createBrowserAgent(context.app);
    const callbackUrl = await agent.authorize(await agent.start(), portalUrl);
    expect(callbackUrl.searchParams.get('iss')).toBe(provider.issuer);
    callbackUrl.searchParams.set('iss', 'http://127.0.0.1:9/otro-proveedor');
    expectRefused(await agent.callback(callbackUrl), 'issuer');
  });

  // The provider's ID tokens live 2 minutes; the transaction 10.
  it.each([
    { expired: 'an expired ID token', minutes: 5, reason: 'token' },
    {
      expired: 'an expired transaction (more than 10 minutes at the provider)',
      minutes: 11,
      reason: 'state',
    },
  ] as const)('$expired', async ({ minutes, reason }) => {
    provider.signInAs('ana');
    const agent = createBrowserAgent(context.app);
    const callbackUrl = await agent.authorize(await agent.start(), portalUrl);
    clock.advance(minutes * 60_000);
    try {
      expectRefused(await agent.callback(callbackUrl), reason);
    } finally {
      clock.advance(-minutes * 60_000);
    }
  });

  it('a disallowed e-mail domain', async () => {
    expectRefused((await signInAs('otro')).landing, 'domain');
    const users = await context.db
      .selectFrom('users')
      .select('id')
      .where('mail', '=', 'otro@ajena.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('no role claim at all (never a silent default role)', async () => {
    expectRefused((await signInAs('sin-grupos')).landing, 'no_role');
  });

  it('a local user already holding the provider username is not taken over', async () => {
    await createUser(context.db, { username: 'ana@empresa.com', rol: 1 });
    expectRefused((await signInAs('ana')).landing, 'local_account');
  });

  it('the refusals are audited with their reason', async () => {
    await signInAs('otro');
    const row = await context.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'login.oidc_refused')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.detail ?? '{}')).toMatchObject({ code: 'domain', domain: 'ajena.com' });
  });
});

describe('local accounts beside the provider (LOCAL_LOGIN=admins)', () => {
  it('the local administrator still signs in with a password (break-glass)', async () => {
    const admin = await login(context.app, 'admin', fixture.administrator.password);
    expect(admin.rol).toBe(0);
  });

  it('a local viewer is refused, and told to use the provider', async () => {
    const response = await callApi(context.app, {
      method: 'POST',
      url: '/api/user/authenticate',
      body: { username: 'lectora', password: fixture.viewer.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain(displayName);
  });

  it('a provider user has no local password to use or reset', async () => {
    const ana = await signedIn('ana');
    const attempt = await callApi(context.app, {
      method: 'POST',
      url: '/api/user/authenticate',
      body: { username: 'ana@empresa.com', password: 'Decoy1234' },
    });
    expect(attempt.statusCode).toBeGreaterThanOrEqual(400);
    expect(attempt.statusCode).toBeLessThan(404);
    const reset = await callApi(context.app, {
      method: 'PUT',
      url: '/api/user/reset',
      token: fixture.tokens.administrator,
      body: { id: ana.id },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toMatch(/no tiene contraseña del portal/);
    const origins = await callApi(context.app, {
      method: 'GET',
      url: '/api/user/origins',
      token: fixture.tokens.administrator,
    });
    expect(origins.json()).toContainEqual({
      userId: ana.id,
      origin: 'provider',
      roleClaims: { claim: 'groups', values: ['bi-admins', 'todos'], adminMatches: ['bi-admins'] },
    });
  });
});

describe('sessions', () => {
  it('logout ends the portal session, and then the provider session (OIDC_END_SESSION)', async () => {
    const vera = await signedIn('vera');
    const logout = await callApi(context.app, {
      method: 'POST',
      url: '/api/user/logout',
      body: { token: vera.refreshToken },
    });
    expect(logout.json()).toEqual({ revoked: true });
    const after = await callApi(context.app, {
      method: 'GET',
      url: '/api/infraestructure/about',
      token: vera.token,
    });
    expect(after.statusCode).toBe(401);
    const endSession = await callApi(context.app, { method: 'GET', url: '/api/auth/oidc/logout' });
    expect(endSession.statusCode).toBe(302);
    const target = new URL(String(endSession.headers.location));
    expect(target.href.startsWith(provider.issuer)).toBe(true);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${portalUrl}/`);
  });

  it('the refresh forces a new sign-in after OIDC_MAX_SESSION_HOURS (12)', async () => {
    const vera = await signedIn('vera');
    clock.advance(12 * 60 * 60_000);
    try {
      const refresh = await callApi(context.app, {
        method: 'POST',
        url: '/api/user/refreshtoken',
        body: { token: vera.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      expect(refresh.json().message).toBe(
        `Su sesión con ${displayName} venció. Ingrese nuevamente.`,
      );
    } finally {
      clock.advance(-12 * 60 * 60_000);
    }
  });

  it('the hand-off cookie is good once', async () => {
    const { agent } = await signInAs('vera');
    const cookie = agent.portal.cookies.get('vitrina_oidc_session') ?? '';
    expect((await agent.handOff()).statusCode).toBe(200);
    agent.portal.cookies.set('vitrina_oidc_session', cookie);
    expect((await agent.handOff()).statusCode).toBe(401);
  });
});

describe('the client secret', () => {
  it('never reaches the logs or the audit trail', async () => {
    await signedIn('ana');
    await signInAs('otro');
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(provider.clientSecret);
    const audit = await context.db.selectFrom('audit_log').select('detail').execute();
    expect(JSON.stringify(audit)).not.toContain(provider.clientSecret);
  });
});

describe('an unreachable provider', () => {
  it('sends the browser back to the login page with its message', async () => {
    const offline = await buildTestApp('sqlite', {
      env: { PORTAL_URL: portalUrl, OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'x' },
    });
    try {
      const landing = new URL(
        await createBrowserAgent(offline.app)
          .start()
          .catch(() => ''),
        portalUrl,
      );
      expectRefused(landing, 'unreachable');
    } finally {
      await offline.close();
    }
  });
});
