/**
 * Export To File end to end: the bundled service with the demo's datasets and reports (the
 * renderer tests' service) draws a real PDF with the chromium renderer, asked for through the
 * REST calls as a portal asks. The PDF's text is read back with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromiumAvailable, warnBrowserSkipped } from '@vitrina/e2e/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterType, Schemas } from '@vitrina/embed-sdk/protocol';
import { salesDataset } from '../demo/sales-model.ts';
import { deterministicGuid } from '../src/platform/ids.ts';
import { appToken, frameQueryRows } from './harness.ts';
import { startExportService, type ExportService } from './export-render/export-service.ts';
import { pollExport, reportPath, startExport } from './export-calls.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const built = ['apps/report-frame/dist/index.html', 'packages/embed-sdk/dist/powerbi.js'].every(
  (path) => existsSync(resolve(repoRoot, path)),
);
const pdftotext = existsSync('/usr/bin/pdftotext');
if (!chromiumAvailable) warnBrowserSkipped();
if (!built || !pdftotext)
  console.warn(
    '\n!!! EXPORT BROWSER TEST SKIPPED: needs the frame and SDK built (npm run build) and pdftotext (poppler-utils) !!!\n',
  );

describe.skipIf(!chromiumAvailable || !built || !pdftotext)(
  'Export To File with chromium',
  { timeout: 120_000 },
  () => {
    let service: ExportService;
    let url: string;

    beforeAll(async () => {
      service = await startExportService();
      url = service.url;
    }, 120_000);

    afterAll(() => service?.close(), 60_000);

    const peruOnly = {
      $schema: Schemas.basic,
      target: { table: 'Tienda', column: 'País' },
      filterType: FilterType.Basic,
      operator: 'In',
      values: ['Perú'],
    };
    /** Ventas[Ventas] over the demo sales data, as the frame queries it. */
    const salesTotal = async (token: string, filters: unknown[]) => {
      const rows = (await frameQueryRows(url, token, salesDataset.id, {
        groupBy: [],
        measures: [{ table: 'Ventas', measure: 'Ventas' }],
        filters,
      })) as Record<string, number>[];
      return Object.values(rows[0]!)[0]!;
    };
    /** A card's figure as the frame writes it: "S/ 312,12 mil", "S/ 1,75 M". */
    const soles = (value: number) =>
      value >= 1e6
        ? `S/ ${(value / 1e6).toFixed(2).replace('.', ',')} M`
        : `S/ ${(value / 1e3).toFixed(2).replace('.', ',')} mil`;

    it('exports a two-page demo report as a PDF whose text is the frame’s, filtered as asked', async () => {
      const token = await appToken(url);
      const path = reportPath('Comercial', deterministicGuid('report', 'Ventas generales'));
      const started = await startExport(url, token, path, {
        format: 'PDF',
        powerBIReportConfiguration: {
          reportLevelFilters: [{ filter: "Tienda/Pa_x00ed_s eq 'Perú'" }],
        },
      });
      expect(started.status).toBe(202);
      const done = await pollExport(
        url,
        token,
        path,
        String(started.json['id']),
        undefined,
        90_000,
      );
      expect(done.json).toMatchObject({
        status: 'Succeeded',
        percentComplete: 100,
        resourceFileExtension: '.pdf',
      });
      const file = await fetch(`${url}${path}/exports/${String(started.json['id'])}/file`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: Buffer.from(await file.arrayBuffer()),
        encoding: 'utf8',
      }).replace(/\s+/g, ' '); // the frame writes figures with no-break spaces
      // Both pages, as text (not pictures).
      expect(text).toContain('Ventas generales · Retail Andino');
      expect(text).toContain('Ventas mensuales por canal');
      // The filter reached the frame: the sales card shows Perú's total, not all countries'.
      const [peru, all] = await Promise.all([salesTotal(token, [peruOnly]), salesTotal(token, [])]);
      expect(text).toContain(soles(peru));
      expect(text).not.toContain(soles(all));
    });
  },
);
