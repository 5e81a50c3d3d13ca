/**
 * Export To File end to end: the bundled service with the demo's datasets and reports draws a
 * real PDF with the chromium renderer (the frame's own print view), asked for through the REST
 * calls as a portal asks. The PDF's text is read back with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { publishedDemoCredentials } from '@vitrina/env/demo';
import { chromiumAvailable, warnBrowserSkipped } from '@vitrina/e2e/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterType, Schemas } from '@vitrina/embed-sdk/protocol';
import { demoWorkspaces, openDemoDatasets } from '../demo/index.ts';
import { salesDataset } from '../demo/sales-model.ts';
import { demoServiceOptions } from '../demo/plugin.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { loadConfig } from '../src/config.ts';
import type { DatasetRegistry } from '../src/engine/registry.ts';
import { listen, type RunningService } from '../src/listen.ts';
import { deterministicGuid } from '../src/platform/ids.ts';
import { createServices, type BiServices } from '../src/services.ts';
import { comercial, frameQueryRows, userToken } from './harness.ts';
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
    let dataRoot: string;
    let registry: DatasetRegistry;
    let services: BiServices;
    let running: RunningService;
    let url: string;

    beforeAll(async () => {
      dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-export-'));
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataRoot });
      registry = await openDemoDatasets(config.dataDir, { salesRows: 3_000 });
      services = createServices(config, { ...demoServiceOptions, datasetSchemas: registry });
      await seedDemo(services, demoWorkspaces, publishedDemoCredentials);
      running = await listen(services, { port: 0, tlsPort: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${running.port}`;
    }, 120_000);

    afterAll(async () => {
      await running?.close();
      await services?.close();
      registry?.close();
      rmSync(dataRoot, { recursive: true, force: true });
    });

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
    /** The card's figure in thousands, as the frame writes it: "312,12". */
    const thousands = (value: number) => (value / 1000).toFixed(2).replace('.', ',');

    it('exports a two-page demo report as a PDF whose text is the frame’s, filtered as asked', async () => {
      const token = await userToken(url, comercial);
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
      const pdf = join(dataRoot, 'export.pdf');
      writeFileSync(pdf, Buffer.from(await file.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      // Both pages, as text (not pictures).
      expect(text).toContain('Ventas generales · Retail Andino');
      expect(text).toContain('Ventas mensuales por canal');
      // The filter reached the frame: the sales card shows Perú's total, not all countries'.
      const [peru, all] = await Promise.all([salesTotal(token, [peruOnly]), salesTotal(token, [])]);
      expect(text).toContain(`S/ ${thousands(peru)} mil`);
      expect(text).not.toContain(thousands(all));
    });
  },
);
