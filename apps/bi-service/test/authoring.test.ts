import { beforeAll, describe, expect, it } from 'vitest';
import { verifyEmbedToken } from '../src/modules/identity/embed-token.ts';
import {
  authoringCalls,
  comercialGroup,
  definition,
  errorOf,
  identities,
} from './authoring-calls.ts';
import { ids } from './fixture-content.ts';
import { call, comercial, comercialViewerToken, userToken } from './harness.ts';
import { salesSchema, salesSchemaOnly, useTestService } from './support/test-service.ts';

const service = useTestService({}, salesSchemaOnly);
let accessToken: string;
let calls: ReturnType<typeof authoringCalls>;

beforeAll(async () => {
  accessToken = await userToken(service.url, comercial);
  calls = authoringCalls(service, accessToken);
});

const claimsOf = (token: string) =>
  verifyEmbedToken(service.services.embedTokenKey, `EmbedToken ${token}`);

describe('GenerateToken access levels', () => {
  it('carries View, Edit and Create and allowSaveAs in the claims and the embed answer', async () => {
    const view = await calls.reportToken(ids.salesReport);
    const edit = await calls.reportToken(ids.salesReport, {
      accessLevel: 'Edit',
      allowSaveAs: true,
    });
    expect(await claimsOf(view)).toMatchObject({ accessLevel: 'View' });
    expect((await claimsOf(view)).allowSaveAs).toBeUndefined();
    expect(await claimsOf(edit)).toMatchObject({ accessLevel: 'Edit', allowSaveAs: true });
    const create = await claimsOf(await calls.createToken());
    expect(create).toMatchObject({ accessLevel: 'Create', targetWorkspaces: [comercialGroup] });

    const multi = await call(service.url, '/v1.0/myorg/GenerateToken', {
      token: accessToken,
      body: {
        reports: [{ id: ids.salesReport, allowEdit: true }],
        targetWorkspaces: [{ id: comercialGroup }],
        identities,
      },
    });
    expect(await claimsOf(String(multi.json['token']))).toMatchObject({
      accessLevel: 'Create',
      targetWorkspaces: [comercialGroup],
    });

    const answer = await calls.embedCall(`/v1.0/embed/reports/${ids.salesReport}`, edit);
    expect(answer.json['access']).toEqual({ accessLevel: 'Edit', allowSaveAs: true });
    const viewAnswer = await calls.embedCall(`/v1.0/embed/reports/${ids.salesReport}`, view);
    expect(viewAnswer.json['access']).toEqual({ accessLevel: 'View', allowSaveAs: false });
  });
});

describe('saving revisions', () => {
  it('refuses a View token with 403 in the Power BI error shape', async () => {
    const view = await calls.reportToken(ids.marginReport);
    const refused = await calls.embedCall(
      `/v1.0/embed/reports/${ids.marginReport}/revisions`,
      view,
      {
        definition,
        baseRevision: 1,
      },
    );
    expect(errorOf(refused)).toEqual([403, 'PowerBINotAuthorizedException']);
    expect(String((refused.json['error'] as { message: string }).message)).toMatch(/Edit/);
  });

  it('lets exactly one of two saves onto the same base revision win; the other gets 409', async () => {
    const edit = await calls.reportToken(ids.salesReport, { accessLevel: 'Edit' });
    const { content } = service.services;
    const base = (await content.getReport(ids.salesReport))!.revision;
    const before = await content.countRevisions(ids.salesReport);
    const save = (displayName: string) =>
      calls.embedCall(`/v1.0/embed/reports/${ids.salesReport}/revisions`, edit, {
        definition: { pages: [{ ...definition.pages[0], displayName }] },
        baseRevision: base,
      });
    const answers = await Promise.all([save('Autora A'), save('Autora B')]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(errorOf(loser)).toEqual([409, 'ReportRevisionConflict']);
    expect(await content.countRevisions(ids.salesReport)).toBe(before + 1);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(winner.json).toEqual({ revision: base + 1 });
    // The earlier revision is still there: nothing was overwritten.
    expect(await content.getDefinition(ids.salesReport, base)).toBeDefined();
  });
});

describe('format options in a saved definition (decision 0239)', () => {
  it("keeps the format pane's options and refuses a malformed one with 400", async () => {
    const edit = await calls.reportToken(ids.salesReport, { accessLevel: 'Edit' });
    const withOptions = (options: Record<string, unknown>) => ({
      pages: definition.pages.map((page) => ({
        ...page,
        visuals: [
          {
            name: 'VisualContainer1',
            type: 'tableEx',
            layout: { x: 0, y: 0, z: 0, width: 400, height: 300 },
            fields: {},
            options,
          },
        ],
      })),
    });
    const save = async (options: Record<string, unknown>) => {
      const base = (await service.services.content.getReport(ids.salesReport))!.revision;
      return calls.embedCall(`/v1.0/embed/reports/${ids.salesReport}/revisions`, edit, {
        definition: withOptions(options),
        baseRevision: base,
      });
    };
    const good = { border: { show: true, color: '#252423', radius: 8 }, mode: 'Dropdown' };
    expect((await save(good)).status).toBe(200);
    const reread = await calls.embedCall(`/v1.0/embed/reports/${ids.salesReport}`, edit);
    expect(reread.json).toMatchObject({ definition: withOptions(good) });
    const refused = await save({ border: { color: 'red' } });
    expect(errorOf(refused)[0]).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('border');
  });
});

describe('save as and create', () => {
  it('save as makes a new report in the workspace, which the same token then opens and saves', async () => {
    const copy = await calls.reportToken(ids.marginReport, {
      accessLevel: 'Edit',
      allowSaveAs: true,
    });
    const saved = await calls.embedCall(`/v1.0/embed/reports/${ids.marginReport}/saveAs`, copy, {
      name: 'Margen (copia)',
      definition,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      name: 'Margen (copia)',
      datasetId: ids.salesDataset,
      revision: 1,
    });
    const reportId = String(saved.json['id']);
    const reread = await calls.embedCall(`/v1.0/embed/reports/${reportId}`, copy);
    expect(reread.json).toMatchObject({ id: reportId, datasetId: ids.salesDataset, definition });
    const again = await calls.embedCall(`/v1.0/embed/reports/${reportId}/revisions`, copy, {
      definition,
      baseRevision: 1,
    });
    expect(again.json).toEqual({ revision: 2 });
    // Another report token of the same caller, without save as, does not reach the copy.
    const other = await calls.reportToken(ids.salesReport, { accessLevel: 'Edit' });
    const refused = await calls.embedCall(`/v1.0/embed/reports/${reportId}`, other);
    expect(errorOf(refused)).toEqual([403, 'PowerBINotAuthorizedException']);
    const listed = await calls.rest('/reports', 'GET');
    const names = (listed.json['value'] as { name: string }[]).map((report) => report.name);
    expect(names).toContain('Margen (copia)');
  });

  it('refuses save as to tokens without allowSaveAs, whatever their access level', async () => {
    for (const body of [{ accessLevel: 'Edit' }, {}]) {
      const token = await calls.reportToken(ids.marginReport, body);
      const refused = await calls.embedCall(
        `/v1.0/embed/reports/${ids.marginReport}/saveAs`,
        token,
        {
          name: 'No',
          definition,
        },
      );
      expect(errorOf(refused)).toEqual([403, 'PowerBINotAuthorizedException']);
    }
  });

  it('create makes a report on the dataset with a Create token, and only with one', async () => {
    const token = await calls.createToken();
    const schema = await calls.embedCall(`/v1.0/embed/datasets/${ids.salesDataset}`, token);
    expect(schema.json).toEqual({
      id: ids.salesDataset,
      name: 'Ventas',
      dataset: salesSchema,
      access: { accessLevel: 'Create', allowSaveAs: true },
    });
    const path = `/v1.0/embed/datasets/${ids.salesDataset}/reports`;
    const body = { name: 'Nuevo', definition };
    const created = await calls.embedCall(path, token, body);
    expect(created.status).toBe(200);
    const report = await service.services.content.getReport(String(created.json['id']));
    expect(report).toMatchObject({ workspaceId: comercialGroup, name: 'Nuevo', revision: 1 });
    // After the first save the create embed becomes a report: the same token opens it.
    const opened = await calls.embedCall(`/v1.0/embed/reports/${report!.id}`, token);
    expect(opened.json).toMatchObject({ name: 'Nuevo', revision: 1 });

    const edit = await calls.reportToken(ids.salesReport, {
      accessLevel: 'Edit',
      allowSaveAs: true,
    });
    const refused = await calls.embedCall(path, edit, body);
    expect(errorOf(refused)).toEqual([403, 'PowerBINotAuthorizedException']);
  });
});

describe('Power BI REST report writes', () => {
  it('Clone copies; UpdateReportContent replaces; PATCH renames; Delete removes', async () => {
    const cloned = await calls.rest(`/reports/${ids.marginReport}/Clone`, 'POST', { name: 'Clon' });
    expect(cloned.status).toBe(200);
    expect(cloned.json).toMatchObject({ name: 'Clon', datasetId: ids.salesDataset });
    const cloneId = String(cloned.json['id']);
    const { content } = service.services;
    expect(await content.getDefinition(cloneId)).toEqual(
      await content.getDefinition(ids.marginReport),
    );

    const updated = await calls.rest(`/reports/${cloneId}/UpdateReportContent`, 'POST', {
      sourceReport: { sourceReportId: ids.salesReport, sourceWorkspaceId: comercialGroup },
      sourceType: 'ExistingReport',
    });
    expect(updated.status).toBe(200);
    expect((await content.getReport(cloneId))?.revision).toBe(2);
    expect(await content.getDefinition(cloneId)).toEqual(
      await content.getDefinition(ids.salesReport),
    );

    const renamed = await calls.rest(`/reports/${cloneId}`, 'PATCH', { name: ' Margen 2026 ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: cloneId, name: 'Margen 2026' });
    expect((await content.getReport(cloneId))?.revision).toBe(2);
    const unnamed = await calls.rest(`/reports/${cloneId}`, 'PATCH', { name: '  ' });
    expect(errorOf(unnamed)[0]).toBe(400);

    const deleted = await calls.rest(`/reports/${cloneId}`, 'DELETE');
    expect(deleted.status).toBe(200);
    expect((await calls.rest(`/reports/${cloneId}`, 'GET')).status).toBe(404);
    expect(await content.countRevisions(cloneId)).toBe(0);
  });

  it('refuses writes to a workspace Viewer and mismatched report types', async () => {
    const viewer = await comercialViewerToken(service, {
      username: 'lectora@vitrina.demo',
      password: 'Lectora2024',
    });
    const path = `/v1.0/myorg/groups/${comercialGroup}/reports/${ids.marginReport}`;
    const asViewer = (suffix: string, method: string, body?: unknown) =>
      call(service.url, `${path}${suffix}`, { token: viewer, method, body });
    expect((await asViewer('', 'DELETE')).status).toBe(403);
    expect((await asViewer('', 'PATCH', { name: 'x' })).status).toBe(403);
    expect((await asViewer('/Clone', 'POST', { name: 'x' })).status).toBe(403);
    const mismatch = await calls.rest(`/reports/${ids.marginReport}/UpdateReportContent`, 'POST', {
      sourceReport: { sourceReportId: ids.listingReport, sourceWorkspaceId: comercialGroup },
      sourceType: 'ExistingReport',
    });
    expect(errorOf(mismatch)).toEqual([400, 'InvalidRequest']);
  });
});
