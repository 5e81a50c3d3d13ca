import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceIdFor } from '../src/modules/tenant/catalog.service.ts';
import { signEmbedToken } from '../src/modules/identity/embed-token.ts';
import { ids, salesReportViewScope } from './fixture-content.ts';
import { call, comercial, errorCode, refusalOf, userToken } from './harness.ts';
import { salesSchema, salesSchemaOnly, useTestService } from './support/test-service.ts';

const service = useTestService({}, salesSchemaOnly);
let accessToken: string;
const comercialGroup = workspaceIdFor('Comercial');
const identities = [{ username: 'ana', roles: ['Region'], datasets: [ids.salesDataset] }];

beforeAll(async () => {
  accessToken = await userToken(service.url, comercial);
});

async function embedToken(path: string, body: Record<string, unknown> = {}) {
  const { json } = await call(
    service.url,
    `/v1.0/myorg/groups/${comercialGroup}${path}/GenerateToken`,
    {
      token: accessToken,
      body: { identities, ...body },
    },
  );
  return String(json['token']);
}
const embedCall = (path: string, token: string, body?: unknown) =>
  call(service.url, path, { token, scheme: 'EmbedToken', body });

describe('GET /v1.0/embed/reports/{id}', () => {
  it('returns the definition, revision and dataset schema for the token holder', async () => {
    const token = await embedToken(`/reports/${ids.salesReport}`);
    const { status, json } = await embedCall(`/v1.0/embed/reports/${ids.salesReport}`, token);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: ids.salesReport,
      name: 'Ventas',
      reportType: 'PowerBIReport',
      revision: 1,
      dataset: salesSchema,
    });
    expect((json['definition'] as { pages: unknown[] }).pages).toHaveLength(1);
  });

  it('answers 403 for another report, 404 for an unknown one, 401 without a token', async () => {
    const token = await embedToken(`/reports/${ids.salesReport}`);
    const other = await embedCall(`/v1.0/embed/reports/${ids.marginReport}`, token);
    expect(refusalOf(other)).toEqual([403, 'PowerBINotAuthorizedException']);
    const unknown = await embedCall(
      '/v1.0/embed/reports/00000000-0000-4000-8000-000000000000',
      token,
    );
    expect(refusalOf(unknown)).toEqual([404, 'PowerBIEntityNotFound']);
    const anonymous = await call(service.url, `/v1.0/embed/reports/${ids.salesReport}`);
    expect(refusalOf(anonymous)).toEqual([401, 'PowerBINotAuthorizedException']);
  });

  it('answers 401 TokenExpired for an expired embed token', async () => {
    const expired = await signEmbedToken(service.services.embedTokenKey, {
      sub: 'x',
      ...salesReportViewScope,
      exp: Math.floor(Date.now() / 1000) - 5,
    });
    const { status, json } = await embedCall(`/v1.0/embed/reports/${ids.salesReport}`, expired);
    expect([status, errorCode(json)]).toEqual([401, 'TokenExpired']);
  });
});

describe('POST /v1.0/embed/reports/{id}/revisions', () => {
  const definition = {
    pages: [
      { name: 'ReportSection2', displayName: 'Nueva', width: 1280, height: 720, visuals: [] },
    ],
  };

  it('saves a new revision with Edit access and keeps the previous ones', async () => {
    const token = await embedToken(`/reports/${ids.marginReport}`, { accessLevel: 'Edit' });
    const first = await embedCall(`/v1.0/embed/reports/${ids.marginReport}/revisions`, token, {
      definition,
    });
    expect(first.json).toEqual({ revision: 2 });
    const second = await embedCall(`/v1.0/embed/reports/${ids.marginReport}/revisions`, token, {
      definition,
    });
    expect(second.json).toEqual({ revision: 3 });
    const { content } = service.services;
    expect(await content.countRevisions(ids.marginReport)).toBe(3);
    expect(
      ((await content.getDefinition(ids.marginReport, 1)) as { pages: { name: string }[] }).pages[0]
        ?.name,
    ).toBe('ReportSection1');
    const current = await embedCall(`/v1.0/embed/reports/${ids.marginReport}`, token);
    expect(current.json).toMatchObject({ revision: 3, definition });
  });

  it('refuses a View token (403) and a malformed definition (400)', async () => {
    const view = await embedToken(`/reports/${ids.marginReport}`);
    const refused = await embedCall(`/v1.0/embed/reports/${ids.marginReport}/revisions`, view, {
      definition,
    });
    expect(refusalOf(refused)).toEqual([403, 'PowerBINotAuthorizedException']);
    const edit = await embedToken(`/reports/${ids.marginReport}`, { accessLevel: 'Edit' });
    const malformed = await embedCall(`/v1.0/embed/reports/${ids.marginReport}/revisions`, edit, {
      definition: { pages: [] },
    });
    expect(refusalOf(malformed)).toEqual([400, 'InvalidRequest']);
  });
});

describe('GET /v1.0/embed/dashboards/{id}', () => {
  it('returns every tile to a dashboard token and only its tile to a tile token', async () => {
    const dashboardToken = await embedToken(`/dashboards/${ids.salesDashboard}`);
    const whole = await embedCall(`/v1.0/embed/dashboards/${ids.salesDashboard}`, dashboardToken);
    expect(whole.json).toMatchObject({ id: ids.salesDashboard, displayName: 'Tablero comercial' });
    expect((whole.json['tiles'] as { id: string }[]).map((tile) => tile.id)).toEqual([
      ids.salesTile,
      ids.marginTile,
    ]);

    const tileToken = await embedToken(`/dashboards/${ids.salesDashboard}/tiles/${ids.marginTile}`);
    const one = await embedCall(`/v1.0/embed/dashboards/${ids.salesDashboard}`, tileToken);
    expect(one.json['tiles'] as { id: string; visualName: string }[]).toEqual([
      expect.objectContaining({ id: ids.marginTile, visualName: 'VisualContainer1' }),
    ]);
  });

  it('refuses a report token for the dashboard with 403', async () => {
    const token = await embedToken(`/reports/${ids.salesReport}`);
    const { status } = await embedCall(`/v1.0/embed/dashboards/${ids.salesDashboard}`, token);
    expect(status).toBe(403);
  });
});
