/**
 * The phone view (layoutType MobilePortrait) of every page of every demo report, at 375 px: one
 * column with no visuals overlapping, no text cut off, and no grey band under the page.
 */
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { clippedTexts, overlappingVisuals } from '../src/frame/hit-targets.ts';
import { useFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');
const PHONE = { width: 375, height: 812 };
const WORKSPACES = ['Comercial', 'Finanzas', 'Operaciones', 'Recursos Humanos'];
const MOBILE_PORTRAIT = 2;

describe.skipIf(!chromiumAvailable)('the phone view of the demo reports', () => {
  const harness = useFrameHarness();

  /** Every page of `name` in the phone view: what overlaps and what is cut off, by page. */
  async function checkReport(page: Page, workspace: string, name: string) {
    const target = await hostPage.demoReport(harness(), workspace, name);
    await hostPage.embed(
      page,
      hostPage.reportConfig(target, { settings: { layoutType: MOBILE_PORTRAIT } }),
    );
    await hostPage.waitForEvent(page, 'rendered');
    const pages = await hostPage.call<string[]>(
      page,
      'return (await embedded.getPages()).filter((p) => p.visibility !== 1).map((p) => p.name)',
    );
    const faults: string[] = [];
    for (const [index, pageName] of pages.entries()) {
      if (index > 0)
        await hostPage.rerender(page, () =>
          hostPage.call(page, `return embedded.setPage(${JSON.stringify(pageName)})`),
        );
      const frame = hostPage.frameOf(page);
      expect(await frame.locator('.report').getAttribute('data-layout')).toBe('phone');
      const where = `${name} / ${pageName}`;
      faults.push(...(await overlappingVisuals(frame)).map((f) => `${where}: overlap ${f}`));
      faults.push(...(await clippedTexts(frame)).map((f) => `${where}: clipped ${f}`));
    }
    return faults;
  }

  for (const workspace of WORKSPACES)
    test(
      `${workspace}: no page overlaps visuals or cuts text off`,
      { timeout: 240_000 },
      async () => {
        const faults: string[] = [];
        const groupId = await harness().rest.groupId(workspace);
        const reports = (await harness().rest.reports(groupId)).filter(
          (r) => r.reportType !== 'PaginatedReport',
        );
        for (const report of reports) {
          // The row-level-security copy opens only with an identity; its pages are the same.
          const datasetGroup = report.datasetWorkspaceId ?? groupId;
          if (
            report.datasetId &&
            (await harness().rest.identityRequired(datasetGroup, report.datasetId))
          )
            continue;
          const page = await hostPage.openHost(harness(), 'ours', PHONE);
          faults.push(...(await checkReport(page, workspace, report.name ?? report.id)));
          await page.close();
        }
        expect(faults).toEqual([]);
      },
    );

  test('a page with no phone layout: cards two to a row, charts full width, 240 px or more', async () => {
    const page = await hostPage.openHost(harness(), 'ours', PHONE);
    const target = await hostPage.demoReport(harness(), 'Recursos Humanos', 'Dotación y rotación');
    await hostPage.embed(
      page,
      hostPage.reportConfig(target, { settings: { layoutType: MOBILE_PORTRAIT } }),
    );
    await hostPage.waitForEvent(page, 'rendered');
    const frame = hostPage.frameOf(page);
    const boxes = async (selector: string) =>
      Promise.all((await frame.locator(selector).all()).map(async (v) => (await v.boundingBox())!));
    const cards = await boxes('section[data-visual-type="card"]');
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(cards[0]!.y).toBe(cards[1]!.y);
    expect(cards[0]!.width).toBeLessThan(PHONE.width / 2);
    const charts = await boxes('section.visual[data-visual-type$="Chart"]');
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) {
      expect(chart.height).toBeGreaterThanOrEqual(240);
      expect(chart.width).toBeGreaterThan(PHONE.width - 60);
    }
    await page
      .locator('#embed')
      .screenshot({ path: resolve(docsScreenshots, 'report-phone-view.png') });
    await page.close();
  });
});
