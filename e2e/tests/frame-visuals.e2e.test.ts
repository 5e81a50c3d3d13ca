/**
 * Every demo report page drawn with real query results: one screenshot per page (which covers
 * every visual type), and a pixel comparison of every page against its approved reference in
 * apps/report-frame/test/visual-reference. `npm run test:approve-visuals` (re)writes the references
 * after an intended change: review them before committing.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { call, embed, frameOf, openHost, screenshot, waitForEvent } from '../src/frame/harness.ts';
import { useSharedFrameHarness } from '../src/frame/suite.ts';
import { comparePngs } from '../src/frame/pixel-diff.ts';
import { demoReports } from '../src/frame/demo-reports.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const referenceDir = resolve(import.meta.dirname, '../../apps/report-frame/test/visual-reference');
/** Written out on purpose, not taken from @vitrina/bi-model: the contract's list is what is checked. */
const ALL_TYPES = `card multiRowCard kpi gauge
  clusteredBarChart clusteredColumnChart stackedBarChart stackedColumnChart lineChart areaChart
  lineClusteredColumnComboChart pieChart donutChart treemap funnel scatterChart waterfallChart
  tableEx pivotTable slicer textbox actionButton`.split(/\s+/);
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
    for (const report of await demoReports(harness())) {
      const pages = await openReport(report.id, report.embedUrl, report.accessToken, ++rendered);
      for (const [index, pageName] of pages.entries()) {
        if (index > 0) {
          await call(page, `return embedded.setPage('${pageName}')`);
          await waitForEvent(page, 'rendered', ++rendered);
        }
        const frame = frameOf(page);
        await frame.locator(`.page-canvas[data-page-name="${pageName}"]`).waitFor();
        expect(await frame.locator('.visual-error').count()).toBe(0);
        const file = await screenshot(page, `frame-page-${slug(report.name)}-${slug(pageName)}`);
        shots.set(`${report.name}/${pageName}`, file);
        for (const type of await frame
          .locator('[data-visual-type]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-visual-type')))) {
          if (type && !typesSeen.has(type)) typesSeen.set(type, file);
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

  test('every page matches its approved reference within the tolerance', async () => {
    mkdirSync(referenceDir, { recursive: true });
    const update = process.env['UPDATE_VISUAL_REFERENCE'] === '1';
    expect(shots.size).toBeGreaterThan(0);
    const unapproved: string[] = [];
    for (const [page, actual] of shots) {
      const file = basename(actual);
      const reference = join(referenceDir, file);
      if (update) {
        copyFileSync(actual, reference);
        continue;
      }
      if (!existsSync(reference)) {
        unapproved.push(`${page} (${file})`);
        continue;
      }
      const diff = await comparePngs(harness().browser, actual, reference);
      expect(diff.sameSize, `${file}: size changed`).toBe(true);
      expect(
        diff.changedRatio,
        `${file}: ${(diff.changedRatio * 100).toFixed(2)} % of pixels changed`,
      ).toBeLessThan(TOLERANCE);
    }
    // A page without an approved picture is a failure: approving is `npm run test:approve-visuals`.
    expect(unapproved, 'pages without an approved reference').toEqual([]);
  });
});
