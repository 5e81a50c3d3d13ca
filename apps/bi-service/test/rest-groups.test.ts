import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { workspaceIdFor } from '../src/modules/tenant/catalog.service.ts';
import { ids } from './fixture-content.ts';
import { appToken, call, comercial, errorCode, startTestService, userToken } from './harness.ts';
import { useDemoUserTokens, useTestService } from './support/test-service.ts';

const service = useTestService();
const tokens = useDemoUserTokens(service);
const comercialGroup = workspaceIdFor('Comercial');

/** Every read route of a Comercial item: a member reads it, a non-member of the workspace gets 403. */
const comercialRoutes = [
  `/v1.0/myorg/groups/${comercialGroup}/reports`,
  `/v1.0/myorg/groups/${comercialGroup}/reports/${ids.salesReport}`,
  `/v1.0/myorg/groups/${comercialGroup}/dashboards`,
  `/v1.0/myorg/groups/${comercialGroup}/dashboards/${ids.salesDashboard}`,
  `/v1.0/myorg/groups/${comercialGroup}/dashboards/${ids.salesDashboard}/tiles`,
  `/v1.0/myorg/groups/${comercialGroup}/dashboards/${ids.salesDashboard}/tiles/${ids.salesTile}`,
  `/v1.0/myorg/groups/${comercialGroup}/datasets`,
  `/v1.0/myorg/groups/${comercialGroup}/datasets/${ids.salesDataset}`,
  `/v1.0/myorg/groups/${comercialGroup}/reports/${ids.salesReport}/pages`,
];

describe('GET …/reports/{r}/pages', () => {
  it("lists a report's pages in order, and none for a paginated report", async () => {
    const pages = await call(
      service.url,
      `/v1.0/myorg/groups/${comercialGroup}/reports/${ids.salesReport}/pages`,
      { token: tokens.comercial },
    );
    expect(pages.json['value']).toEqual([
      { name: 'ReportSection1', displayName: 'Resumen', order: 0 },
    ]);
    const paginated = await call(
      service.url,
      `/v1.0/myorg/groups/${comercialGroup}/reports/${ids.listingReport}/pages`,
      { token: tokens.comercial },
    );
    expect(paginated.json['value']).toEqual([]);
  });
});

describe('GET /v1.0/myorg/groups', () => {
  it('lists only the workspaces the caller belongs to', async () => {
    const mine = await call(service.url, '/v1.0/myorg/groups', { token: tokens.comercial });
    expect((mine.json['value'] as { name: string }[]).map((group) => group.name)).toEqual([
      'Comercial',
      'Operaciones',
    ]);
    const theirs = await call(service.url, '/v1.0/myorg/groups', { token: tokens.finanzas });
    expect((theirs.json['value'] as { name: string }[]).map((group) => group.name)).toEqual([
      'Finanzas',
      'Recursos Humanos',
    ]);
    const app = await call(service.url, '/v1.0/myorg/groups', {
      token: await appToken(service.url),
    });
    expect((app.json['value'] as unknown[]).length).toBe(4);
  });

  it('keeps workspace ids stable (derived from the name)', async () => {
    const mine = await call(service.url, '/v1.0/myorg/groups', { token: tokens.comercial });
    expect((mine.json['value'] as { id: string }[])[0]?.id).toBe(comercialGroup);
  });

  it('answers 401 PowerBINotAuthorizedException without or with a forged token', async () => {
    for (const token of [undefined, 'not-a-jwt', tokens.comercial.slice(0, -4) + 'AAAA']) {
      const response = await call(service.url, '/v1.0/myorg/groups', token ? { token } : {});
      expect(response.status).toBe(401);
      expect(response.json).toEqual({
        error: { code: 'PowerBINotAuthorizedException', message: expect.any(String) },
      });
    }
  });

  it('answers 401 TokenExpired for an expired access token', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ idtyp: 'user', appid: comercial.clientId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setIssuer(`${service.url}/vitrina/v2.0`)
      .setAudience('https://analysis.windows.net/powerbi/api')
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(service.services.accessTokenKey.secret);
    const response = await call(service.url, '/v1.0/myorg/groups', { token: expired });
    expect(response.status).toBe(401);
    expect(errorCode(response.json)).toBe('TokenExpired');
  });
});

describe('workspace content routes', () => {
  it.each(comercialRoutes)('%s: 200 for a member, 403 for a non-member', async (path) => {
    const member = await call(service.url, path, { token: tokens.comercial });
    expect(member.status).toBe(200);
    const outsider = await call(service.url, path, { token: tokens.finanzas });
    expect(outsider.status).toBe(403);
    expect(errorCode(outsider.json)).toBe('PowerBINotAuthorizedException');
  });

  it('lists reports with Power BI field names and embed URLs', async () => {
    const { json } = await call(service.url, `/v1.0/myorg/groups/${comercialGroup}/reports`, {
      token: tokens.comercial,
    });
    const reports = json['value'] as Record<string, string>[];
    expect(reports.map((report) => report.name)).toEqual(['Ventas', 'Margen', 'Listado']);
    expect(reports[0]).toMatchObject({
      id: ids.salesReport,
      datasetId: ids.salesDataset,
      reportType: 'PowerBIReport',
      embedUrl: `http://bi.test/reportEmbed?reportId=${ids.salesReport}&groupId=${comercialGroup}`,
    });
    expect(reports[2]).toMatchObject({
      reportType: 'PaginatedReport',
      embedUrl: `http://bi.test/rdlEmbed?reportId=${ids.listingReport}&groupId=${comercialGroup}`,
    });
  });

  it('describes dashboards, tiles and datasets as Power BI does', async () => {
    const dashboards = await call(service.url, `/v1.0/myorg/groups/${comercialGroup}/dashboards`, {
      token: tokens.comercial,
    });
    expect((dashboards.json['value'] as unknown[])[0]).toMatchObject({
      id: ids.salesDashboard,
      displayName: 'Tablero comercial',
      isReadOnly: false,
      embedUrl: `http://bi.test/dashboardEmbed?dashboardId=${ids.salesDashboard}&groupId=${comercialGroup}`,
    });
    const tiles = await call(service.url, comercialRoutes[4]!, { token: tokens.comercial });
    expect((tiles.json['value'] as unknown[])[0]).toMatchObject({
      id: ids.salesTile,
      reportId: ids.salesReport,
      embedUrl: `http://bi.test/embed?dashboardId=${ids.salesDashboard}&tileId=${ids.salesTile}&groupId=${comercialGroup}`,
    });
    const dataset = await call(service.url, comercialRoutes[7]!, { token: tokens.comercial });
    expect(dataset.json).toMatchObject({
      name: 'Ventas',
      isEffectiveIdentityRequired: true,
      isEffectiveIdentityRolesRequired: true,
    });
  });

  it('answers 404 PowerBIEntityNotFound for unknown workspaces and for items of another workspace', async () => {
    const unknownGroup = await call(
      service.url,
      '/v1.0/myorg/groups/00000000-0000-4000-8000-000000000000/reports',
      { token: tokens.comercial },
    );
    expect(unknownGroup.status).toBe(404);
    expect(errorCode(unknownGroup.json)).toBe('PowerBIEntityNotFound');
    const otherWorkspace = await call(
      service.url,
      `/v1.0/myorg/groups/${comercialGroup}/reports/${ids.financeReport}`,
      { token: tokens.comercial },
    );
    expect(otherWorkspace.status).toBe(404);
    const unknownTile = await call(
      service.url,
      `/v1.0/myorg/groups/${comercialGroup}/dashboards/${ids.salesDashboard}/tiles/${ids.salesReport}`,
      { token: tokens.comercial },
    );
    expect(unknownTile.status).toBe(404);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After in Power BI error shape', async () => {
    const limited = await startTestService({ BI_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const token = await userToken(limited.url, comercial);
      const statuses: number[] = [];
      let last = await call(limited.url, '/v1.0/myorg/groups', { token });
      statuses.push(last.status);
      for (let attempt = 0; attempt < 3; attempt++) {
        last = await call(limited.url, '/v1.0/myorg/groups', { token });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorCode(last.json)).toBe('TooManyRequests');
    } finally {
      await limited.close();
    }
  });
});
