/**
 * The phone view (layoutType MobilePortrait) of every page of every demo report, at 375 px: one
 * column with no visuals overlapping, no text cut off, and no grey band under the page.
 */
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import {
  call,
  demoReport,
  embed,
  frameOf,
  openHost,
  reportConfig,
  rerender,
  waitForEvent,
} from '../src/frame/harness.ts';
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
    const target = await demoReport(harness(), workspace, name);
    await embed(page, reportConfig(target, { settings: { layoutType: MOBILE_PORTRAIT } }));
    await waitForEvent(page, 'rendered');
    const pages = await call<string[]>(
      page,
      'return (await embedded.getPages()).filter((p) => p.visibility !== 1).map((p) => p.name)',
    );
    const faults: string[] = [];
    for (const [index, pageName] of pages.entries()) {
      if (index > 0)
        await rerender(page, () =>
          call(page, `return embedded.setPage(${JSON.stringify(pageName)})`),
        );
      const frame = frameOf(page);
      expect(await frame.locator('.report').getAttribute('data-layout')).toBe('phone');
      const where = `${name} / ${pageName}`;
      faults.push(...(await overlappingVisuals(frame)).map((f) => `${where}: overlap ${f}`));
      faults.push(...(await clippedTexts(frame)).map((f) => `${where}: clipped ${f}`));
    }
    return faults;
  }

  test('no page overlaps visuals or cuts text off; cards go in pairs, charts full width', async () => {
    const faults: string[] = [];
    for (const workspace of WORKSPACES) {
      const groupId = await harness().rest.groupId(workspace);
      const reports = (await harness().rest.reports(groupId)).filter(
        (r) => r.reportType !== 'PaginatedReport',
      );
      for (const report of reports) {
        if (report.datasetId && (await harness().rest.identityRequired(groupId, report.datasetId)))
          continue;
        const page = await openHost(harness(), 'ours', PHONE);
        faults.push(...(await checkReport(page, workspace, report.name)));
        await page.close();
      }
    }
    expect(faults).toEqual([]);
  });

  test('Ventas generales on a phone: cards two to a row, charts at least 240 px high', async () => {
    const page = await openHost(harness(), 'ours', PHONE);
    await page.setViewportSize({ width: PHONE.width + 40, height: PHONE.height + 40 });
    const target = await demoReport(harness(), 'Comercial', 'Ventas generales');
    await embed(page, reportConfig(target, { settings: { layoutType: MOBILE_PORTRAIT } }));
    await waitForEvent(page, 'rendered');
    const frame = frameOf(page);
    const boxOf = async (type: string) =>
      Promise.all(
        (await frame.locator(`section[data-visual-type="${type}"]`).all()).map(
          async (v) => (await v.boundingBox())!,
        ),
      );
    const cards = await boxOf('card');
    expect(cards.length).toBe(4);
    expect(cards[0]!.y).toBe(cards[1]!.y);
    expect(cards[0]!.width).toBeLessThan(PHONE.width / 2);
    const line = (await boxOf('lineChart'))[0]!;
    expect(line.height).toBeGreaterThanOrEqual(240);
    expect(line.width).toBeGreaterThan(PHONE.width - 40);
    await page.locator('#embed').screenshot({ path: resolve(docsScreenshots, 'report-phone-view.png') });
    await page.close();
  });
});
