import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import {
  demoReport,
  embed,
  events,
  frameOf,
  openHost,
  reportConfig,
  screenshot,
  startFrameHarness,
  waitForEvent,
  type FrameHarness,
  type ReportTarget,
} from '../src/frame/harness.ts';

if (!chromiumAvailable) warnBrowserSkipped();

describe.skipIf(!chromiumAvailable)('report frame: loading with both SDKs', () => {
  let harness: FrameHarness;
  let sales: ReportTarget;

  beforeAll(async () => {
    harness = await startFrameHarness();
    sales = await demoReport(harness, 'Comercial', 'Ventas generales');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  for (const flavour of ['official', 'ours'] as const) {
    test(`${flavour}: loaded then rendered, and the page shows the demo report`, async () => {
      const page = await openHost(harness, flavour);
      await embed(page, reportConfig(sales));
      await waitForEvent(page, 'rendered');
      const names = (await events(page)).map((e) => e.name);
      expect(names.indexOf('loaded')).toBeGreaterThanOrEqual(0);
      expect(names.indexOf('loaded')).toBeLessThan(names.indexOf('rendered'));
      const frame = frameOf(page);
      expect(await frame.locator('.page-tab[aria-current="page"]').textContent()).toBe('Resumen');
      expect(
        await frame
          .locator('[data-visual-type="card"] [data-testid="card-value"]')
          .first()
          .textContent(),
      ).toMatch(/\d/);
      await screenshot(page, `frame-load-${flavour}`);
      await page.close();
    });
  }
});
