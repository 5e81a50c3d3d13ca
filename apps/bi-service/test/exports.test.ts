/**
 * Power BI's Export To File on the bundled service, job rules and answers: states, progress,
 * Retry-After, the file, Power BI's errors and the identity checks GenerateToken makes. A test
 * renderer stands in for chromium here (test/support/scripted-renderer.ts).
 */
import { describe, expect, it } from 'vitest';
import { Schemas } from '@vitrina/embed-sdk/protocol';
import { ids } from './fixture-content.ts';
import { call } from './harness.ts';
import { useDemoUserTokens, useTestService } from './support/test-service.ts';
import { createScriptedRenderer, scriptedFile } from './support/scripted-renderer.ts';
import { pollExport, reportPath, startExport } from './export-calls.ts';

const scripted = createScriptedRenderer();
const service = useTestService({}, { exportRenderer: scripted.renderer });
const tokens = useDemoUserTokens(service);
const finance = reportPath('Finanzas', ids.financeReport);
const sales = reportPath('Comercial', ids.salesReport);

describe('Export To File: a job from ExportTo to the file', () => {
  it('answers 202 NotStarted, polls Running with percentComplete, ends Succeeded at 100 with the file', async () => {
    const rendering = scripted.started(scripted.held.length + 1);
    const started = await startExport(service.url, tokens.finanzas, finance, { format: 'PDF' });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ reportId: ids.financeReport, reportName: 'Presupuesto' });
    expect(['NotStarted', 'Running']).toContain(started.json['status']);
    expect(started.headers.get('retry-after')).toBe('2');
    const exportId = String(started.json['id']);

    const render = await rendering;
    render.progress(1, 2);
    const halfway = await pollExport(service.url, tokens.finanzas, finance, exportId, () => true);
    expect(halfway.status).toBe(202);
    expect(halfway.headers.get('retry-after')).toBe('2');
    expect(halfway.json).toMatchObject({ status: 'Running', percentComplete: 50 });

    render.finish();
    const done = await pollExport(service.url, tokens.finanzas, finance, exportId);
    expect(done.status).toBe(200);
    expect(done.headers.get('retry-after')).toBeNull();
    expect(done.json).toMatchObject({
      status: 'Succeeded',
      percentComplete: 100,
      resourceFileExtension: '.pdf',
      resourceLocation: `http://bi.test${finance}/exports/${exportId}/file`,
    });
    const kept = Date.parse(String(done.json['expirationTime'])) - Date.now();
    expect(kept).toBeGreaterThan(23.9 * 3600_000);
    expect(kept).toBeLessThanOrEqual(24 * 3600_000);

    const file = await fetch(`${service.url}${finance}/exports/${exportId}/file`, {
      headers: { authorization: `Bearer ${tokens.finanzas}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('Presupuesto.pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(scriptedFile(render.request));
  });

  it('hands the renderer the pages in order, every URL filter, bookmark, locale, URL and token', async () => {
    const body = {
      format: 'PNG',
      powerBIReportConfiguration: {
        settings: { locale: 'es-PE' },
        defaultBookmark: { state: 'estado-capturado' },
        pages: [
          { pageName: 'ReportSection1', visualName: 'VisualContainer1' },
          { pageName: 'ReportSection1', bookmark: { state: 'otro-estado' } },
        ],
        reportLevelFilters: [
          { filter: "Presupuesto/Pa_x00ed_s eq 'Perú'" },
          { filter: 'Presupuesto/Monto ge 10' },
        ],
      },
    };
    const rendering = scripted.started(scripted.held.length + 1);
    const started = await startExport(service.url, tokens.finanzas, finance, body);
    expect(started.status).toBe(202);
    const render = await rendering;
    expect(render.request).toMatchObject({
      format: 'PNG',
      reportId: ids.financeReport,
      reportName: 'Presupuesto',
      locale: 'es-PE',
      defaultBookmark: { state: 'estado-capturado' },
      pages: [
        { pageName: 'ReportSection1', visualName: 'VisualContainer1' },
        { pageName: 'ReportSection1', bookmarkState: 'otro-estado' },
      ],
      filters: [
        {
          $schema: Schemas.basic,
          target: { table: 'Presupuesto', column: 'País' },
          values: ['Perú'],
        },
        { $schema: Schemas.advanced, conditions: [{ operator: 'GreaterThanOrEqual', value: 10 }] },
      ],
    });
    expect(render.request.embedUrl).toBe(
      `http://bi.test/reportEmbed?reportId=${ids.financeReport}&groupId=${render.request.groupId}`,
    );
    expect(render.request.accessToken.split('.')).toHaveLength(3);
    render.finish();
    const done = await pollExport(
      service.url,
      tokens.finanzas,
      finance,
      String(started.json['id']),
    );
    // Two PNG pages come as a zip, as Power BI's.
    expect(done.json).toMatchObject({ status: 'Succeeded', resourceFileExtension: '.zip' });
  });

  it('speaks the myorg spelling too (the report names its workspace)', async () => {
    const path = `/v1.0/myorg/reports/${ids.financeReport}`;
    const rendering = scripted.started(scripted.held.length + 1);
    const started = await startExport(service.url, tokens.finanzas, path, { format: 'PPTX' });
    expect(started.status).toBe(202);
    (await rendering).finish();
    const done = await pollExport(service.url, tokens.finanzas, path, String(started.json['id']));
    expect(done.json).toMatchObject({
      status: 'Succeeded',
      resourceFileExtension: '.pptx',
      resourceLocation: `http://bi.test${path}/exports/${String(started.json['id'])}/file`,
    });
    const file = await call(service.url, `${path}/exports/${String(started.json['id'])}/file`, {
      token: tokens.finanzas,
    });
    expect(file.headers.get('content-type')).toContain('presentationml');
  });

  it('answers a render error as Failed with the error, and no Retry-After (permanent)', async () => {
    const rendering = scripted.started(scripted.held.length + 1);
    const started = await startExport(service.url, tokens.finanzas, finance, { format: 'PDF' });
    (await rendering).fail('El visual Ventas por mes falló');
    const done = await pollExport(
      service.url,
      tokens.finanzas,
      finance,
      String(started.json['id']),
    );
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      status: 'Failed',
      error: { code: 'ExportFailed', message: 'El visual Ventas por mes falló' },
    });
    expect(done.headers.get('retry-after')).toBeNull();
    const file = await call(service.url, `${finance}/exports/${String(started.json['id'])}/file`, {
      token: tokens.finanzas,
    });
    expect(file.status).toBe(404);
  });
});

describe('Export To File: what ExportTo refuses', () => {
  const refused = async (path: string, body: unknown, token = tokens.finanzas) => {
    const before = scripted.held.length;
    const answer = await startExport(service.url, token, path, body);
    expect(scripted.held.length).toBe(before);
    return answer;
  };

  it('answers a format the report cannot export with Power BI’s 400', async () => {
    for (const format of ['XLSX', 'CSV', 'BMP']) {
      const answer = await refused(finance, { format });
      expect(answer.status).toBe(400);
      expect(answer.json['error']).toMatchObject({ code: 'InvalidRequest' });
    }
    expect((await refused(finance, { format: 'XLSX' })).json['error']).toMatchObject({
      message: 'Export report was called with an unsupported file format',
    });
    const listing = reportPath('Comercial', ids.listingReport);
    const paginatedPng = await refused(listing, { format: 'PNG' }, tokens.comercial);
    expect(paginatedPng.status).toBe(400);
  });

  it('answers 404 for an unknown report or export, 403 outside the workspace', async () => {
    const unknown = reportPath('Finanzas', '00000000-0000-4000-8000-000000000000');
    expect((await refused(unknown, { format: 'PDF' })).status).toBe(404);
    const poll = await call(service.url, `${finance}/exports/no-such-export`, {
      token: tokens.finanzas,
    });
    expect(poll.status).toBe(404);
    expect(poll.json['error']).toMatchObject({ code: 'PowerBIEntityNotFound' });
    const outsider = await refused(sales, { format: 'PDF' }, tokens.finanzas);
    expect(outsider.status).toBe(403);
    expect(outsider.json['error']).toMatchObject({ code: 'PowerBINotAuthorizedException' });
  });

  it('names an unknown page, visual, bookmark or an unreadable filter', async () => {
    const cases: [unknown, string][] = [
      [
        { pages: [{ pageName: 'ReportSection9' }] },
        'pages[0]: the report has no page named ReportSection9',
      ],
      [{ pages: [{ pageName: 'ReportSection1', visualName: 'Nada' }] }, 'has no visual named Nada'],
      [{ defaultBookmark: { name: 'Favorito' } }, 'no bookmark named Favorito'],
      [
        { reportLevelFilters: [{ filter: "A/B eq 'x'" }, { filter: "A/B eq 'x' or A/B eq 'y'" }] },
        'reportLevelFilters[1].filter',
      ],
    ];
    for (const [configuration, message] of cases) {
      const answer = await refused(finance, {
        format: 'PDF',
        powerBIReportConfiguration: configuration,
      });
      expect(answer.status).toBe(400);
      expect(String((answer.json['error'] as { message: string }).message)).toContain(message);
    }
  });

  it('fails closed like GenerateToken: a dataset with row-level security needs an identity', async () => {
    const without = await refused(sales, { format: 'PDF' }, tokens.comercial);
    expect(without.status).toBe(400);
    expect(String((without.json['error'] as { message: string }).message)).toContain(
      'requires an effective identity',
    );
    const unknownRole = await refused(
      sales,
      {
        format: 'PDF',
        powerBIReportConfiguration: {
          identities: [{ username: 'ana', roles: ['Nadie'], datasets: [ids.salesDataset] }],
        },
      },
      tokens.comercial,
    );
    expect(unknownRole.status).toBe(400);

    const identity = { username: 'ana@demo', roles: ['Region'], datasets: [ids.salesDataset] };
    const rendering = scripted.started(scripted.held.length + 1);
    const started = await startExport(service.url, tokens.comercial, sales, {
      format: 'PDF',
      powerBIReportConfiguration: { identities: [identity] },
    });
    expect(started.status).toBe(202);
    const render = await rendering;
    const claims = JSON.parse(
      Buffer.from(render.request.accessToken.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ accessLevel: 'View', identities: [identity] });
    render.finish();
  });
});
