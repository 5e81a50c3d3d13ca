import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  callApi,
  resetDatabase,
  testDialects,
  type ApiRequest,
  type TestApp,
} from './helper.ts';
import { seedFixture, type Fixture } from './fixtures.ts';

/** A well-formed BI id (paths take GUIDs) that names nothing. */
const unknownBiId = '00000000-0000-4000-8000-000000000001';

/**
 * Every API route × {anonymous, viewer, other viewer, administrator} → expected status.
 *
 * HOW TO ADD A ROUTE: add one entry keyed exactly as Fastify registers it
 * (`METHOD /api/path/:param`). `request` builds the concrete call from the fixture
 * (see fixtures.ts: `viewer` owns the resources, `otherViewer` has none). Each route runs on a
 * freshly seeded database, the roles in the order anonymous, otherViewer, viewer, administrator
 * (so a successful write by the viewer is visible to the administrator's call). The test fails
 * when a registered route has no entry, or an entry names a route that does not exist.
 */
type Caller = 'anonymous' | 'otherViewer' | 'viewer' | 'administrator';
type Expected = Record<Caller, number>;
type MatrixRequest = Omit<ApiRequest, 'method' | 'token'>;

interface MatrixEntry {
  request: (fixture: Fixture, caller: Caller) => MatrixRequest | Promise<MatrixRequest>;
  expect: Expected;
}

const everyone = (status: number): Expected => ({
  anonymous: status,
  otherViewer: status,
  viewer: status,
  administrator: status,
});
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401 });
const administratorsOnly = (status: number): Expected => ({
  anonymous: 401,
  otherViewer: 403,
  viewer: 403,
  administrator: status,
});

/** A daily subscription of the fixture's viewer to their report. */
const subscriptionBody = (f: Fixture) => ({
  reportUid: f.report.uid,
  recipients: [f.viewer.id],
  format: 'PDF',
  schedule: { frequency: 'daily', time: '08:00', timeZone: 'America/Lima' },
  subject: 'Ventas del día',
});

export const authorizationMatrix: Record<string, MatrixEntry> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expect: everyone(200) },
  // The matrix app's BI service is unreachable (BI_API_URL below), so readiness says 503.
  'GET /api/ready': { request: () => ({ url: '/api/ready' }), expect: everyone(503) },
  'GET /api/public-config': {
    request: () => ({ url: '/api/public-config' }),
    expect: everyone(200),
  },
  'GET /api/infraestructure/about': {
    request: () => ({ url: '/api/infraestructure/about' }),
    expect: signedIn(200),
  },
  'POST /api/user/authenticate': {
    request: (f) => ({
      url: '/api/user/authenticate',
      body: { username: f.viewer.username, password: f.viewer.password },
    }),
    expect: everyone(200),
  },
  'POST /api/user/refreshtoken': {
    request: async (f) => ({
      url: '/api/user/refreshtoken',
      body: { token: await f.issueRefreshToken(f.viewer.id) },
    }),
    expect: everyone(200),
  },
  'POST /api/user/logout': {
    request: async (f) => ({
      url: '/api/user/logout',
      body: { token: await f.issueRefreshToken(f.viewer.id) },
    }),
    expect: everyone(200),
  },
  'GET /api/user': { request: () => ({ url: '/api/user' }), expect: administratorsOnly(200) },
  'GET /api/audit': { request: () => ({ url: '/api/audit' }), expect: administratorsOnly(200) },
  'POST /api/user': {
    request: () => ({
      url: '/api/user',
      body: {
        username: 'nuevo',
        firstname: 'Nueva',
        lastname: 'Persona',
        mail: 'n@vitrina.test',
        rol: 1,
      },
    }),
    expect: administratorsOnly(201),
  },
  'PUT /api/user': {
    request: (f) => ({
      url: '/api/user',
      body: {
        id: f.otherViewer.id,
        firstname: 'Otro',
        lastname: 'Lector',
        mail: 'o@vitrina.test',
        rol: 1,
      },
    }),
    expect: administratorsOnly(200),
  },
  'DELETE /api/user/:id': {
    request: (f) => ({ url: `/api/user/${f.otherViewer.id}` }),
    expect: administratorsOnly(204),
  },
  'PUT /api/user/reset': {
    request: (f) => ({ url: '/api/user/reset', body: { id: f.viewer.id } }),
    expect: administratorsOnly(200),
  },
  'PUT /api/user/changepassword': {
    request: () => ({ url: '/api/user/changepassword', body: { password: 'Nueva1234' } }),
    expect: signedIn(200),
  },
  'GET /api/account/:id': {
    request: (f) => ({ url: `/api/account/${f.viewer.id}` }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 200, administrator: 200 },
  },
  'POST /api/account': {
    request: () => ({
      url: '/api/account',
      body: {
        description: 'Nueva',
        username: 'nueva@vitrina.test',
        password: 'x',
        clientId: 'app',
      },
    }),
    // The sync cannot reach a BI service here: the account is still created, flagged with error.
    expect: administratorsOnly(201),
  },
  'PUT /api/account': {
    request: (f) => ({
      url: '/api/account',
      body: {
        id: f.account.id,
        username: 'integracion@vitrina.test',
        password: 'x',
        clientId: 'app',
        description: 'Cambiada',
      },
    }),
    expect: administratorsOnly(200),
  },
  'DELETE /api/account/:id': {
    request: (f) => ({ url: `/api/account/${f.account.id}` }),
    expect: administratorsOnly(204),
  },
  'GET /api/account/token/:id': {
    // The fixture's account password is not decryptable: 502 proves the caller got past the guard.
    request: (f) => ({ url: `/api/account/token/${f.account.id}` }),
    expect: administratorsOnly(502),
  },
  'POST /api/account/:id/test': {
    // Undecryptable password: the test answers 200 with the failed sign-in step.
    request: (f) => ({ url: `/api/account/${f.account.id}/test`, body: {} }),
    expect: administratorsOnly(200),
  },
  'GET /api/account/:id/identities': {
    request: (f) => ({ url: `/api/account/${f.account.id}/identities` }),
    expect: administratorsOnly(200),
  },
  'PUT /api/account/:id/identities': {
    request: (f) => ({
      url: `/api/account/${f.account.id}/identities`,
      body: { userId: f.viewer.id, roles: ['Pais'] },
    }),
    expect: administratorsOnly(204),
  },
  'DELETE /api/account/:id/identities/:identityId': {
    // No identity with that id: 404 proves the caller got past the guard.
    request: (f) => ({ url: `/api/account/${f.account.id}/identities/999999` }),
    expect: administratorsOnly(404),
  },
  'GET /api/administration/report/:id/access': {
    request: (f) => ({ url: `/api/administration/report/${f.report.biId}/access` }),
    expect: administratorsOnly(200),
  },
  'GET /api/user/:id/permissions': {
    request: (f) => ({ url: `/api/user/${f.viewer.id}/permissions` }),
    expect: administratorsOnly(200),
  },
  'PUT /api/user/permissions': {
    request: (f) => ({
      url: '/api/user/permissions',
      body: [{ userId: f.viewer.id, accountElementId: f.workspace.biId }],
    }),
    expect: administratorsOnly(200),
  },
  'DELETE /api/user/permissions/:id': {
    request: (f) => ({ url: `/api/user/permissions/${f.viewer.id}` }),
    expect: administratorsOnly(204),
  },
  'GET /api/user/origins': {
    request: () => ({ url: '/api/user/origins' }),
    expect: administratorsOnly(200),
  },
  'GET /api/groups': { request: () => ({ url: '/api/groups' }), expect: administratorsOnly(200) },
  'GET /api/groups/:name/permissions': {
    request: (f) => ({ url: `/api/groups/${f.group}/permissions` }),
    expect: administratorsOnly(200),
  },
  'PUT /api/groups/:name/permissions': {
    request: (f) => ({
      url: `/api/groups/${f.group}/permissions`,
      body: [{ accountElementId: f.workspace.biId }],
    }),
    expect: administratorsOnly(200),
  },
  // Sign-in with the provider: public, as the login. The matrix's provider is unreachable, so
  // the start and the callback send the browser back to the login page with the reason.
  'GET /api/auth/oidc/login': {
    request: () => ({ url: '/api/auth/oidc/login?returnUrl=/gateway' }),
    expect: everyone(302),
  },
  'GET /api/auth/oidc/callback': {
    request: () => ({ url: '/api/auth/oidc/callback?code=x&state=y' }),
    expect: everyone(302),
  },
  'POST /api/auth/oidc/session': {
    request: () => ({ url: '/api/auth/oidc/session', body: {} }),
    expect: everyone(401),
  },
  'GET /api/auth/oidc/logout': {
    request: () => ({ url: '/api/auth/oidc/logout' }),
    expect: everyone(302),
  },
  'GET /api/administration/reports/accounts': {
    request: () => ({ url: '/api/administration/reports/accounts' }),
    expect: administratorsOnly(200),
  },
  'GET /api/administration/report/:id/users': {
    request: (f) => ({ url: `/api/administration/report/${f.report.biId}/users` }),
    expect: administratorsOnly(200),
  },
  'PUT /api/administration/report/:id/users': {
    request: (f) => ({
      url: `/api/administration/report/${f.report.biId}/users`,
      body: [{ id: f.viewer.id }],
    }),
    expect: administratorsOnly(200),
  },
  'POST /api/favorite': {
    // Everyone marks the report for themselves: only those who can see it may.
    request: (f, caller) => ({
      url: '/api/favorite',
      body: {
        reportId: f.report.biId,
        userId: caller === 'anonymous' ? f.viewer.id : f[caller].id,
      },
    }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 200, administrator: 200 },
  },
  'DELETE /api/favorite/:reportId': {
    request: (f) => ({ url: `/api/favorite/${f.report.biId}` }),
    expect: signedIn(200),
  },
  'GET /api/viewer/report/:uid': {
    // No BI service here and an undecryptable account password: 502 proves access was granted.
    request: (f) => ({ url: `/api/viewer/report/${f.report.uid}` }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 502, administrator: 502 },
  },
  // Exportar (issue 27): whoever may open the report. 502 (no BI service) proves access was granted.
  'POST /api/viewer/report/:uid/export': {
    request: (f) => ({ url: `/api/viewer/report/${f.report.uid}/export`, body: { format: 'PDF' } }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 502, administrator: 502 },
  },
  // An export id that is not the caller's: 404 comes only after the report's access check.
  'GET /api/viewer/report/:uid/export/:exportId': {
    request: (f) => ({ url: `/api/viewer/report/${f.report.uid}/export/ajeno` }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 404, administrator: 404 },
  },
  'GET /api/viewer/report/:uid/export/:exportId/file': {
    request: (f) => ({ url: `/api/viewer/report/${f.report.uid}/export/ajeno/file` }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 404, administrator: 404 },
  },
  // Cancelar: the same checks as following the export.
  'DELETE /api/viewer/report/:uid/export/:exportId': {
    request: (f) => ({ url: `/api/viewer/report/${f.report.uid}/export/ajeno` }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 404, administrator: 404 },
  },
  // Subscriptions (issue 28): the owner or an administrator; another viewer's is "not found".
  'GET /api/subscriptions': {
    request: () => ({ url: '/api/subscriptions' }),
    expect: signedIn(200),
  },
  'POST /api/subscriptions': {
    request: (f) => ({ url: '/api/subscriptions', body: subscriptionBody(f) }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 201, administrator: 201 },
  },
  'PUT /api/subscriptions/:id': {
    request: (f) => ({ url: `/api/subscriptions/${f.subscription.id}`, body: subscriptionBody(f) }),
    expect: { anonymous: 401, otherViewer: 404, viewer: 200, administrator: 200 },
  },
  // The viewer deletes it first, so the administrator finds nothing.
  'DELETE /api/subscriptions/:id': {
    request: (f) => ({ url: `/api/subscriptions/${f.subscription.id}` }),
    expect: { anonymous: 401, otherViewer: 404, viewer: 204, administrator: 404 },
  },
  'POST /api/subscriptions/:id/send': {
    request: (f) => ({ url: `/api/subscriptions/${f.subscription.id}/send`, body: {} }),
    expect: { anonymous: 401, otherViewer: 404, viewer: 202, administrator: 202 },
  },
  'GET /api/subscriptions/:id/runs': {
    request: (f) => ({ url: `/api/subscriptions/${f.subscription.id}/runs` }),
    expect: { anonymous: 401, otherViewer: 404, viewer: 200, administrator: 200 },
  },
  // Its recipients too (the mail's link opens the report with it); the fixture's viewer receives it.
  'GET /api/subscriptions/:id/view': {
    request: (f) => ({ url: `/api/subscriptions/${f.subscription.id}/view` }),
    expect: { anonymous: 401, otherViewer: 404, viewer: 200, administrator: 200 },
  },
  // Whoever may open the report. 502 (no BI service) proves access was granted.
  'GET /api/subscriptions/pages': {
    request: (f) => ({ url: `/api/subscriptions/pages?reportUid=${f.report.uid}` }),
    expect: { anonymous: 401, otherViewer: 403, viewer: 502, administrator: 502 },
  },
  // The mail's link works without a session; a token that is not one is refused to everyone.
  'POST /api/subscriptions/unsubscribe': {
    request: () => ({ url: '/api/subscriptions/unsubscribe', body: { token: 'no-es-un-token' } }),
    expect: everyone(400),
  },
  // Usage (issue 30): any signed-in viewer reports their own opens; only administrators read them.
  'POST /api/usage/opens': {
    request: (f) => ({
      url: '/api/usage/opens',
      body: { reportUid: f.report.uid, phases: { totalMs: 900 }, device: 'desktop' },
    }),
    expect: signedIn(204),
  },
  'GET /api/usage': { request: () => ({ url: '/api/usage' }), expect: administratorsOnly(200) },
  'GET /api/usage/reports/:uId': {
    request: (f) => ({ url: `/api/usage/reports/${f.report.uid}` }),
    expect: administratorsOnly(200),
  },
  'GET /api/usage/users/:id': {
    request: (f) => ({ url: `/api/usage/users/${f.viewer.id}` }),
    expect: administratorsOnly(200),
  },
  // Access reviews (issue 30): administrators only; an unknown review is 404 past the guard.
  'POST /api/reviews': {
    request: (f) => ({
      url: '/api/reviews',
      body: { scope: { accountElementId: f.report.biId }, dueDate: '2999-12-31' },
    }),
    expect: administratorsOnly(201),
  },
  'GET /api/reviews': { request: () => ({ url: '/api/reviews' }), expect: administratorsOnly(200) },
  'GET /api/reviews/:id': {
    request: () => ({ url: '/api/reviews/999999' }),
    expect: administratorsOnly(404),
  },
  'GET /api/reviews/:id/csv': {
    request: () => ({ url: '/api/reviews/999999/csv' }),
    expect: administratorsOnly(404),
  },
  'GET /api/reviews/:id/pdf': {
    request: () => ({ url: '/api/reviews/999999/pdf' }),
    expect: administratorsOnly(404),
  },
  'PUT /api/reviews/:id/lines': {
    request: () => ({ url: '/api/reviews/999999/lines', body: { applyRecommendations: true } }),
    expect: administratorsOnly(404),
  },
  // Authoring (issue 13): administrators only; 502 proves the guard let them through to the BI call.
  'GET /api/viewer/report/:uid/edit': {
    request: (f) => ({ url: `/api/viewer/report/${f.report.uid}/edit` }),
    expect: administratorsOnly(502),
  },
  'GET /api/authoring/account/:id/workspace/:workspaceId/datasets': {
    request: (f) => ({
      url: `/api/authoring/account/${f.account.id}/workspace/${f.workspace.biId}/datasets`,
    }),
    expect: administratorsOnly(502),
  },
  'GET /api/authoring/account/:id/workspace/:workspaceId/dataset/:datasetId/create': {
    request: (f) => ({
      url: `/api/authoring/account/${f.account.id}/workspace/${f.workspace.biId}/dataset/${f.report.biId}/create`,
    }),
    expect: administratorsOnly(502),
  },
  'POST /api/authoring/saved-report': {
    // The saved report cannot be read from a BI service here: the call says so.
    request: (f) => ({
      url: '/api/authoring/saved-report',
      body: { accountId: f.account.id, workspaceId: f.workspace.biId, reportId: f.report.biId },
    }),
    expect: administratorsOnly(502),
  },
  // Rename and delete (issue 26): administrators only; 502 as above.
  'PATCH /api/authoring/report/:uid': {
    request: (f) => ({
      url: `/api/authoring/report/${f.report.uid}`,
      body: { name: 'Nuevo nombre' },
    }),
    expect: administratorsOnly(502),
  },
  'DELETE /api/authoring/report/:uid': {
    request: (f) => ({ url: `/api/authoring/report/${f.report.uid}` }),
    expect: administratorsOnly(502),
  },
  // The Datos page (issue 12): the matrix's BI service is unreachable, so administrators get 502.
  'GET /api/datasets/account/:id/workspace/:workspaceId': {
    request: (f) => ({
      url: `/api/datasets/account/${f.account.id}/workspace/${f.workspace.biId}`,
    }),
    expect: administratorsOnly(502),
  },
  'POST /api/datasets/account/:id/workspace/:workspaceId/upload': {
    request: (f) => ({
      url: `/api/datasets/account/${f.account.id}/workspace/${f.workspace.biId}/upload?name=Ventas&fileName=ventas.csv`,
      payload: 'Tienda;Importe\nLima;10\n',
      headers: { 'content-type': 'application/octet-stream' },
    }),
    expect: administratorsOnly(502),
  },
  'GET /api/datasets/account/:id/workspace/:workspaceId/import/:importId': {
    request: (f) => ({
      url: `/api/datasets/account/${f.account.id}/workspace/${f.workspace.biId}/import/${unknownBiId}`,
    }),
    expect: administratorsOnly(502),
  },
  'PUT /api/datasets/account/:id/workspace/:workspaceId/dataset/:datasetId/table/:table': {
    request: (f) => ({
      url: `/api/datasets/account/${f.account.id}/workspace/${f.workspace.biId}/dataset/${unknownBiId}/table/Ventas`,
      body: { columns: [{ name: 'Tienda', dataType: 'String' }] },
    }),
    expect: administratorsOnly(502),
  },
  'GET /api/datasets/account/:id/workspace/:workspaceId/dataset/:datasetId/table/:table/preview': {
    request: (f) => ({
      url: `/api/datasets/account/${f.account.id}/workspace/${f.workspace.biId}/dataset/${unknownBiId}/table/Ventas/preview`,
    }),
    expect: administratorsOnly(502),
  },
  'POST /api/datasets/account/:id/workspace/:workspaceId/dataset/:datasetId/refresh': {
    request: (f) => ({
      url: `/api/datasets/account/${f.account.id}/workspace/${f.workspace.biId}/dataset/${unknownBiId}/refresh`,
      body: {},
    }),
    expect: administratorsOnly(502),
  },
  'GET /api/datasets/account/:id/workspace/:workspaceId/dataset/:datasetId/refreshes': {
    request: (f) => ({
      url: `/api/datasets/account/${f.account.id}/workspace/${f.workspace.biId}/dataset/${unknownBiId}/refreshes`,
    }),
    expect: administratorsOnly(502),
  },
  'DELETE /api/datasets/account/:id/workspace/:workspaceId/dataset/:datasetId': {
    request: (f) => ({
      url: `/api/datasets/account/${f.account.id}/workspace/${f.workspace.biId}/dataset/${unknownBiId}`,
    }),
    expect: administratorsOnly(502),
  },
};

const callers: Caller[] = ['anonymous', 'otherViewer', 'viewer', 'administrator'];

describe.each(testDialects)('authorization matrix ($dialect)', ({ dialect, available }) => {
  let context: TestApp;
  beforeAll(async () => {
    if (available)
      context = await buildTestApp(dialect, {
        env: {
          BI_API_URL: 'http://127.0.0.1:1',
          OIDC_ISSUER: 'http://127.0.0.1:1/proveedor',
          OIDC_CLIENT_ID: 'vitrina',
        },
      });
  });
  afterAll(async () => context?.close());

  it.skipIf(!available)('has exactly one entry per registered API route', () => {
    const registered = [...context.app.apiRoutes].sort();
    expect(registered.filter((route) => !(route in authorizationMatrix))).toEqual([]);
    expect(Object.keys(authorizationMatrix).filter((route) => !registered.includes(route))).toEqual(
      [],
    );
  });

  it.skipIf(!available).each(Object.keys(authorizationMatrix))('%s', async (route) => {
    const entry = authorizationMatrix[route];
    if (!entry) throw new Error(`no matrix entry for ${route}`);
    const method = route.split(' ')[0] as ApiRequest['method'];
    await resetDatabase(context.db);
    const fixture = await seedFixture(context.app, context.db);
    const actual: Partial<Expected> = {};
    for (const caller of callers) {
      const request = await entry.request(fixture, caller);
      const token = caller === 'anonymous' ? null : fixture.tokens[caller];
      const response = await callApi(context.app, { ...request, method, token });
      actual[caller] = response.statusCode;
    }
    expect(actual).toEqual(entry.expect);
  });
});
