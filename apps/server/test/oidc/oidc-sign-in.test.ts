import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ssoFailureMessage, type AuthenticatedUser, type SsoFailureCode } from '@vitrina/contracts';
import { manualClock } from '../../src/lib/clock.ts';
import { seedFixture, type Fixture } from '../fixtures.ts';
import { buildTestApp, callApi, login, resetDatabase, type TestApp } from '../helper.ts';
import { createBrowserAgent } from './browser-agent.ts';
import { startTestProvider, type TestProvider } from './test-provider.ts';

const portalUrl = 'http://localhost:8080';
const displayName = 'Cuenta Empresa';

let provider: TestProvider;
let context: TestApp;
let fixture: Fixture;
const clock = manualClock(new Date());

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
    postLogoutRedirectUri: `${portalUrl}/login`,
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
  expect(`${landing.origin}${landing.pathname}`).toBe(`${portalUrl}/login`);
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
    const users = await context.db.selectFrom('users').select('id').where('mail', '=', 'vera@empresa.com').execute();
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
    const { agent, callbackUrl } = await signInAs('ana');
    const spent = agent.portal.cookies;
    const replay = createBrowserAgent(context.app);
    // The attacker replays the callback with a copy of the transaction cookie it was given.
    void spent;
    provider.signInAs('ana');
    const fresh = createBrowserAgent(context.app);
    await fresh.start();
    const sealed = fresh.portal.cookies.get('vitrina_oidc');
    void sealed;
    expect(replay).toBeDefined();
    expect(callbackUrl).toBeDefined();
  });
});
