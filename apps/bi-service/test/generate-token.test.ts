import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { workspaceIdFor } from '../src/modules/tenant/catalog.service.ts';
import { verifyEmbedToken } from '../src/modules/identity/embed-token.ts';
import { ids, salesReportViewScope } from './fixture-content.ts';
import {
  call,
  comercial,
  comercialViewerToken,
  errorCode,
  startTestService,
  userToken,
} from './harness.ts';
import { useDemoUserTokens, useTestService } from './support/test-service.ts';

const service = useTestService();
const tokens = useDemoUserTokens(service);
const comercialGroup = workspaceIdFor('Comercial');
const finanzasGroup = workspaceIdFor('Finanzas');
const regionIdentity = {
  username: 'ana@retail.example',
  roles: ['Region'],
  datasets: [ids.salesDataset],
};
const reportTokenPath = `/v1.0/myorg/groups/${comercialGroup}/reports/${ids.salesReport}/GenerateToken`;

const claimsOf = (json: Record<string, unknown>) =>
  verifyEmbedToken(service.services.embedTokenKey, `EmbedToken ${String(json['token'])}`);

describe('report GenerateToken', () => {
  it('scopes the token to exactly the report, its dataset and workspace, with the identity', async () => {
    const { status, json } = await call(service.url, reportTokenPath, {
      token: tokens.comercial,
      body: { accessLevel: 'View', identities: [regionIdentity] },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      token: expect.any(String),
      tokenId: expect.any(String),
      expiration: expect.any(String),
    });
    const claims = await claimsOf(json);
    expect(claims).toMatchObject({
      ver: 1,
      ...salesReportViewScope,
      identities: [regionIdentity],
      // The answer's tokenId is the token's own id, the one its reports are bound to (0224).
      jti: json['tokenId'],
    });
    expect(new Date(String(json['expiration'])).getTime()).toBe(claims.exp * 1000);
  });

  it('fails closed when a row-level-security dataset gets no identity, or an unknown role', async () => {
    const none = await call(service.url, reportTokenPath, { token: tokens.comercial, body: {} });
    expect(none.status).toBe(400);
    expect(String((none.json['error'] as { message: string }).message)).toContain(
      'requires an effective identity',
    );
    const badRole = await call(service.url, reportTokenPath, {
      token: tokens.comercial,
      body: { identities: [{ ...regionIdentity, roles: ['Nope'] }] },
    });
    expect(badRole.status).toBe(400);
    const noRoles = await call(service.url, reportTokenPath, {
      token: tokens.comercial,
      body: { identities: [{ ...regionIdentity, roles: [] }] },
    });
    expect(noRoles.status).toBe(400);
  });

  it('refuses an identity for a dataset without roles, or for a dataset outside the token', async () => {
    const path = `/v1.0/myorg/groups/${finanzasGroup}/reports/${ids.financeReport}/GenerateToken`;
    const onPlain = await call(service.url, path, {
      token: tokens.finanzas,
      body: { identities: [{ username: 'x', roles: ['Region'], datasets: [ids.financeDataset] }] },
    });
    expect(onPlain.status).toBe(400);
    const outside = await call(service.url, path, {
      token: tokens.finanzas,
      body: { identities: [regionIdentity] },
    });
    expect(outside.status).toBe(400);
    const plain = await call(service.url, path, { token: tokens.finanzas, body: {} });
    expect(plain.status).toBe(200);
  });

  it('answers 403 to a non-member and 404 for an unknown report', async () => {
    const outsider = await call(service.url, reportTokenPath, {
      token: tokens.finanzas,
      body: { identities: [regionIdentity] },
    });
    expect(outsider.status).toBe(403);
    expect(errorCode(outsider.json)).toBe('PowerBINotAuthorizedException');
    const unknown = await call(
      service.url,
      `/v1.0/myorg/groups/${comercialGroup}/reports/${ids.salesDashboard}/GenerateToken`,
      { token: tokens.comercial, body: {} },
    );
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.json)).toBe('PowerBIEntityNotFound');
  });

  it('grants Edit to members and refuses it to viewers', async () => {
    const edit = await call(service.url, reportTokenPath, {
      token: tokens.comercial,
      body: { accessLevel: 'edit', identities: [regionIdentity] },
    });
    expect((await claimsOf(edit.json)).accessLevel).toBe('Edit');

    const viewerToken = await comercialViewerToken(service, {
      username: 'lector@vitrina.demo',
      password: 'Lector2024',
    });
    const refused = await call(service.url, reportTokenPath, {
      token: viewerToken,
      body: { accessLevel: 'Edit', identities: [regionIdentity] },
    });
    expect(refused.status).toBe(403);
    const view = await call(service.url, reportTokenPath, {
      token: viewerToken,
      body: { identities: [regionIdentity] },
    });
    expect(view.status).toBe(200);
  });
});

describe('token lifetime', () => {
  it('caps the expiry at lifetimeInMinutes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { json } = await call(service.url, reportTokenPath, {
      token: tokens.comercial,
      body: { lifetimeInMinutes: 10, identities: [regionIdentity] },
    });
    const claims = await claimsOf(json);
    expect(claims.exp).toBeGreaterThanOrEqual(before + 600);
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
  });

  it('never outlives the access token that minted it, even when asked for longer', async () => {
    const accessExp = Math.floor(Date.now() / 1000) + 120;
    const shortAccess = await new SignJWT({ idtyp: 'user', appid: comercial.clientId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject((await service.services.principals.getUserByUsername(comercial.username))!.id)
      .setIssuer(`${service.url}/vitrina/v2.0`)
      .setAudience('https://analysis.windows.net/powerbi/api')
      .setIssuedAt()
      .setExpirationTime(accessExp)
      .sign(service.services.accessTokenKey.secret);
    const { json } = await call(service.url, reportTokenPath, {
      token: shortAccess,
      body: { lifetimeInMinutes: 600, identities: [regionIdentity] },
    });
    expect((await claimsOf(json)).exp).toBe(accessExp);
  });

  it('never outlives BI_EMBED_TOKEN_LIFETIME_S, even when asked for longer', async () => {
    const shortLived = await startTestService({ BI_EMBED_TOKEN_LIFETIME_S: '20' });
    try {
      const before = Math.floor(Date.now() / 1000);
      const { json } = await call(shortLived.url, reportTokenPath, {
        token: await userToken(shortLived.url, comercial),
        body: { lifetimeInMinutes: 10, identities: [regionIdentity] },
      });
      const claims = await verifyEmbedToken(
        shortLived.services.embedTokenKey,
        `EmbedToken ${String(json['token'])}`,
      );
      expect(claims.exp).toBeGreaterThanOrEqual(before + 20);
      expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 20);
      expect(Date.parse(String(json['expiration'])) / 1000).toBe(claims.exp);
    } finally {
      await shortLived.close();
    }
  });

  it('rejects a non-positive lifetime', async () => {
    const { status, json } = await call(service.url, reportTokenPath, {
      token: tokens.comercial,
      body: { lifetimeInMinutes: 0 },
    });
    expect(status).toBe(400);
    expect(errorCode(json)).toBe('InvalidRequest');
  });
});

describe('dashboard and tile GenerateToken', () => {
  it('a dashboard token covers its tiles and the reports and datasets they show', async () => {
    const path = `/v1.0/myorg/groups/${comercialGroup}/dashboards/${ids.salesDashboard}/GenerateToken`;
    const { json } = await call(service.url, path, {
      token: tokens.comercial,
      body: { accessLevel: 'View', identities: [regionIdentity] },
    });
    const claims = await claimsOf(json);
    expect(claims.dashboards).toEqual([ids.salesDashboard]);
    expect(claims.tiles).toEqual([ids.salesTile, ids.marginTile]);
    expect(claims.reports).toEqual([ids.salesReport, ids.marginReport]);
    expect(claims.datasets).toEqual([ids.salesDataset]);
    const outsider = await call(service.url, path, { token: tokens.finanzas, body: {} });
    expect(outsider.status).toBe(403);
  });

  it('a tile token covers one tile and its report', async () => {
    const path = `/v1.0/myorg/groups/${comercialGroup}/dashboards/${ids.salesDashboard}/tiles/${ids.marginTile}/GenerateToken`;
    const { json } = await call(service.url, path, {
      token: tokens.comercial,
      body: { identities: [regionIdentity] },
    });
    const claims = await claimsOf(json);
    expect(claims).toMatchObject({
      tiles: [ids.marginTile],
      reports: [ids.marginReport],
      dashboards: [ids.salesDashboard],
    });
    const outsider = await call(service.url, path, { token: tokens.finanzas, body: {} });
    expect(outsider.status).toBe(403);
  });
});

describe('create-report GenerateToken', () => {
  const path = `/v1.0/myorg/groups/${comercialGroup}/reports/GenerateToken`;

  it('grants Create on the dataset and no report', async () => {
    const body = {
      accessLevel: 'Create',
      datasetId: ids.salesDataset,
      identities: [regionIdentity],
    };
    const { status, json } = await call(service.url, path, { token: tokens.comercial, body });
    expect(status).toBe(200);
    expect(await claimsOf(json)).toMatchObject({
      reports: [],
      datasets: [ids.salesDataset],
      workspaces: [comercialGroup],
      accessLevel: 'Create',
    });
  });

  it('needs accessLevel Create, a known dataset and membership', async () => {
    const statusOf = async (token: string, accessLevel: string, datasetId: string) =>
      (await call(service.url, path, { token, body: { accessLevel, datasetId } })).status;
    expect(await statusOf(tokens.comercial, 'View', ids.salesDataset)).toBe(400);
    const unknownDataset = '00000000-0000-4000-8000-000000000000';
    expect(await statusOf(tokens.comercial, 'Create', unknownDataset)).toBe(404);
    // A dataset of another workspace, then a caller who is not a member of the dataset's.
    expect(await statusOf(tokens.comercial, 'Create', ids.financeDataset)).toBe(403);
    expect(await statusOf(tokens.finanzas, 'Create', ids.financeDataset)).toBe(403);
  });
});

describe('multi-resource GenerateToken', () => {
  const path = '/v1.0/myorg/GenerateToken';

  it('covers several reports with their datasets and the target workspaces', async () => {
    const body = {
      reports: [{ id: ids.salesReport }, { id: ids.marginReport }],
      datasets: [{ id: ids.salesDataset }],
      identities: [regionIdentity],
    };
    const { status, json } = await call(service.url, path, { token: tokens.comercial, body });
    expect(status).toBe(200);
    const claims = await claimsOf(json);
    expect(claims).toMatchObject({
      reports: [ids.salesReport, ids.marginReport],
      datasets: [ids.salesDataset],
      accessLevel: 'View',
    });

    const editable = await call(service.url, path, {
      token: tokens.comercial,
      body: {
        ...body,
        reports: body.reports.map((report) => ({ ...report, allowEdit: true })),
        targetWorkspaces: [{ id: comercialGroup }],
      },
    });
    expect((await claimsOf(editable.json)).accessLevel).toBe('Create');
  });

  it('refuses items of workspaces the caller does not belong to', async () => {
    const report = await call(service.url, path, {
      token: tokens.comercial,
      body: { reports: [{ id: ids.financeReport }] },
    });
    expect(report.status).toBe(403);
    const target = await call(service.url, path, {
      token: tokens.comercial,
      body: {
        reports: [{ id: ids.salesReport }],
        targetWorkspaces: [{ id: finanzasGroup }],
        identities: [regionIdentity],
      },
    });
    expect(target.status).toBe(403);
  });

  it('enforces the limit of 50 per list and needs at least one item', async () => {
    const many = Array.from({ length: 51 }, () => ({ id: ids.salesReport }));
    for (const body of [
      { reports: many },
      { datasets: many },
      { reports: [{ id: ids.salesReport }], targetWorkspaces: many },
    ]) {
      const { status, json } = await call(service.url, path, { token: tokens.comercial, body });
      expect(status).toBe(400);
      expect(errorCode(json)).toBe('InvalidRequest');
    }
    const empty = await call(service.url, path, { token: tokens.comercial, body: {} });
    expect(empty.status).toBe(400);
  });

  it('answers 404 for an unknown report', async () => {
    const { status } = await call(service.url, path, {
      token: tokens.comercial,
      body: { reports: [{ id: '00000000-0000-4000-8000-000000000000' }] },
    });
    expect(status).toBe(404);
  });
});
