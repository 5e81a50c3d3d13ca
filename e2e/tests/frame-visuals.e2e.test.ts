/**
 * Every demo report page drawn with real query results: one screenshot per page (which covers
 * every visual type), and a visual regression check of a curated set against committed references.
 * Set UPDATE_VISUAL_REFERENCE=1 to (re)write the references after an intended change.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { call, embed, frameOf, openHost, screenshot, waitForEvent } from '../src/frame/harness.ts';
import { useSharedFrameHarness } from '../src/frame/suite.ts';
import { comparePngs } from '../src/frame/pixel-diff.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const referenceDir = resolve(import.meta.dirname, '../../apps/report-frame/test/visual-reference');
const WORKSPACES = ['Comercial', 'Finanzas', 'Operaciones', 'Recursos Humanos'];
/** Written out on purpose, not taken from @vitrina/bi-model: the contract's list is what is checked. */
const ALL_TYPES = [
  'card',
  'multiRowCard',
  'kpi',
  'gauge',
  'clusteredBarChart',
  'clusteredColumnChart',
  'stackedBarChart',
  'stackedColumnChart',
  'lineChart',
  'areaChart',
  'lineClusteredColumnComboChart',
  'pieChart',
  'donutChart',
  'treemap',
  'funnel',
  'scatterChart',
  'waterfallChart',
  'tableEx',
  'pivotTable',
  'slicer',
  'textbox',
  'actionButton',
];
/** Pages compared with committed references: report name → page name → reference file. */
const REFERENCES: { report: string; page: string; file: string }[] = [
  { report: 'Ventas generales', page: 'ReportSection1', file: 'ventas-generales-resumen.png' },
  { report: 'Desempeño de tiendas', page: 'ReportSection1', file: 'desempeno-de-tiendas.png' },
  { report: 'Estado de resultados', page: 'ReportSection1', file: 'estado-de-resultados.png' },
];
const TOLERANCE = 0.02;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

describe.skipIf(!chromiumAvailable)('report frame visuals', () => {
  const harness = useSharedFrameHarness();
  let page: Page;
  const shots = new Map<string, string>();
  const typesSeen = new Map<string, string>();

  beforeAll(async () => {
    page = await openHost(harness(), 'ours');
  });

  test('every page of every demo report renders without errors; one screenshot per page', async () => {
    let rendered = 0;
    for (const workspace of WORKSPACES) {
      const groupId = await harness().rest.groupId(workspace);
      for (const report of await harness().rest.reports(groupId)) {
        if (report.reportType === 'PaginatedReport') continue;
        // The row-level-security copy of a report opens only with an identity (decision 0134).
        const datasetId = report.datasetId;
        const identities =
          datasetId &&
          (await harness().rest.identityRequired(report.datasetWorkspaceId ?? groupId, datasetId))
            ? [
                {
                  username: 'gerente.andina@retailandino.demo',
                  roles: ['Pais'],
                  datasets: [datasetId],
                },
              ]
            : undefined;
        const accessToken = await harness().rest.embedToken(
          `/groups/${groupId}/reports/${report.id}`,
          'View',
          identities,
        );
        const pages = await openReport(report.id, report.embedUrl, accessToken, ++rendered);
        for (const [index, pageName] of pages.entries()) {
          if (index > 0) {
            await call(page, `return embedded.setPage('${pageName}')`);
            await waitForEvent(page, 'rendered', ++rendered);
          }
          const frame = frameOf(page);
          await frame.locator(`.page-canvas[data-page-name="${pageName}"]`).waitFor();
          expect(await frame.locator('.visual-error').count()).toBe(0);
          const file = await screenshot(
            page,
            `frame-page-${slug(report.name ?? report.id)}-${slug(pageName)}`,
          );
          shots.set(`${report.name}/${pageName}`, file);
          for (const type of await frame
            .locator('[data-visual-type]')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-visual-type')))) {
            if (type && !typesSeen.has(type)) typesSeen.set(type, file);
          }
        }
      }
    }
    expect([...typesSeen.keys()].sort()).toEqual([...ALL_TYPES].sort());
  });

  async function openReport(
    id: string,
    embedUrl: string,
    accessToken: string,
    renderedCount: number,
  ) {
    await embed(page, {
      type: 'report',
      id,
      embedUrl,
      accessToken,
      tokenType: 1,
      settings: { filterPaneEnabled: false },
    });
    await waitForEvent(page, 'rendered', renderedCount);
    return call<string[]>(
      page,
      'return (await embedded.getPages()).filter((p) => p.visibility !== 1).map((p) => p.name)',
    );
  }

  test('curated pages match their committed references within the tolerance', async () => {
    mkdirSync(referenceDir, { recursive: true });
    const update = process.env['UPDATE_VISUAL_REFERENCE'] === '1';
    for (const { report, page: pageName, file } of REFERENCES) {
      const actual = shots.get(`${report}/${pageName}`);
      expect(actual, `${report}/${pageName} was not drawn`).toBeDefined();
      const reference = join(referenceDir, file);
      if (update || !existsSync(reference)) {
        if (!update)
          throw new Error(
            `Missing reference ${file}: run with UPDATE_VISUAL_REFERENCE=1 and review it`,
          );
        copyFileSync(actual!, reference);
        continue;
      }
      const diff = await comparePngs(harness().browser, actual!, reference);
      expect(diff.sameSize, `${file}: size changed`).toBe(true);
      expect(
        diff.changedRatio,
        `${file}: ${(diff.changedRatio * 100).toFixed(2)} % of pixels changed`,
      ).toBeLessThan(TOLERANCE);
    }
  });
});
