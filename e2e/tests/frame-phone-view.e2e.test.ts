/**
 * The phone view (layoutType MobilePortrait) of a page with no authored phone layout, at 375 px:
 * cards in pairs, charts full width and tall enough. Every page of every demo report is checked
 * for overlaps and cut-off text by the visual-quality suite (frame-visual-quality.e2e.test.ts).
 */
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');
const PHONE = { width: 375, height: 812 };
const MOBILE_PORTRAIT = 2;

describe.skipIf(!chromiumAvailable)('the phone view of the demo reports', () => {
  const harness = useFrameHarness();

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
