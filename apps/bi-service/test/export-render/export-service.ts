/**
 * The demo BI service in this process for the export renderer's tests, plus a push dataset of
 * 2,000 rows with a one-table report on it and a report whose visual asks for a measure that
 * does not exist: what a job hands the renderer (an embed token per report) comes from here.
 */
import { columns } from '@vitrina/test-support/columns';
import { expect } from 'vitest';
import type { RenderRequest } from '../../src/modules/exports/export-renderer.ts';
import { deterministicGuid } from '../../src/platform/ids.ts';
import { appToken, call, startDemoDataService, workspaceIdOf } from '../harness.ts';

export const LONG_LIST_ROWS = 2_000;
/** Row codes of the long list: F0001 … F2000. */
export const rowCode = (index: number) => `F${String(index + 1).padStart(4, '0')}`;

const listPage = (visual: Record<string, unknown>) => ({
  pages: [{ name: 'Lista', displayName: 'Lista', width: 1280, height: 720, visuals: [visual] }],
});

export interface ExportService {
  url: string;
  /** A render request for the report called `name` in Comercial, with a fresh View embed token. */
  request(name: string, format: RenderRequest['format'], pages: string[]): Promise<RenderRequest>;
  close(): Promise<void>;
}

async function pushLongList(url: string, token: string, groupId: string): Promise<string> {
  const base = `/v1.0/myorg/groups/${groupId}/datasets`;
  const created = await call(url, base, {
    token,
    body: {
      name: 'Lista larga',
      defaultMode: 'Push',
      tables: [
        {
          name: 'Filas',
          columns: columns({ Codigo: 'String', Importe: 'Double' }),
          measures: [{ name: 'Total', expression: 'SUM(Filas[Importe])' }],
        },
      ],
    },
  });
  expect(created.status).toBe(201);
  const datasetId = String(created.json['id']);
  const rows = Array.from({ length: LONG_LIST_ROWS }, (_, i) => ({
    Codigo: rowCode(i),
    Importe: i + 1,
  }));
  const pushed = await call(url, `${base}/${datasetId}/tables/Filas/rows`, {
    token,
    body: { rows },
  });
  expect(pushed.status).toBe(200);
  return datasetId;
}

export async function startExportService(): Promise<ExportService> {
  const { url, services, close } = await startDemoDataService();
  const token = await appToken(url);
  const groupId = await workspaceIdOf(url, token, 'Comercial');
  const datasetId = await pushLongList(url, token, groupId);
  const table = {
    name: 'Tabla',
    type: 'tableEx',
    title: 'Todas las filas',
    layout: { x: 20, y: 20, z: 0, width: 600, height: 400 },
    fields: {
      values: [
        { table: 'Filas', column: 'Codigo' },
        { table: 'Filas', measure: 'Total' },
      ],
    },
  };
  const broken = { ...table, fields: { values: [{ table: 'Filas', measure: 'NoExiste' }] } };
  const report = (name: string, definition: unknown) => ({
    id: deterministicGuid('report', name),
    name,
    datasetId,
    reportType: 'PowerBIReport' as const,
    definition: definition as never,
  });
  await services.catalog.addMissingContent({
    name: 'Comercial',
    datasets: [],
    reports: [
      report('Lista larga', listPage(table)),
      report('Visual roto', listPage({ ...broken, name: 'Roto', type: 'card' })),
    ],
    dashboards: [],
  });

  return {
    url,
    async request(name, format, pages) {
      const listed = await call(url, `/v1.0/myorg/groups/${groupId}/reports`, { token });
      const found = (listed.json['value'] as { id: string; name: string; embedUrl: string }[]).find(
        (candidate) => candidate.name === name,
      )!;
      const generated = await call(
        url,
        `/v1.0/myorg/groups/${groupId}/reports/${found.id}/GenerateToken`,
        { token, body: { accessLevel: 'View' } },
      );
      expect(generated.status).toBe(200);
      return {
        format,
        groupId,
        reportId: found.id,
        reportName: found.name,
        embedUrl: found.embedUrl,
        accessToken: String(generated.json['token']),
        identityKey: 'the demo service principal',
        pages: pages.map((pageName) => ({ pageName })),
        filters: [],
        locale: 'es-ES',
      };
    },
    close,
  };
}
