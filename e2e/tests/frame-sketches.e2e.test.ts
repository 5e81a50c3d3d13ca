/**
 * A report's first charts are sketches drawn without ECharts, and ECharts takes over with no
 * visible change (decision 0328). ECharts' chunk is held back at the network, so the sketches are
 * seen on their own; then it is let through, and each chart is compared pixel by pixel with
 * itself before and after the takeover, on every page of every demo report.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import {
  call,
  embed,
  frameOf,
  openHost,
  reportConfig,
  waitForEvent,
  type FrameHarness,
} from '../src/frame/harness.ts';
import { comparePngs } from '../src/frame/pixel-diff.ts';
import { demoReports, type DemoReport } from '../src/frame/demo-reports.ts';
import { useSharedFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

/** ECharts' chunk in the built frame (apps/report-frame/src/visuals/chart-visuals.ts). */
const ECHARTS_CHUNK = '**/chart-visuals-*.js';
/** Share of a chart's pixels that may differ: anti-aliasing of the same shapes, nothing more. */
const TOLERANCE = 0.001;
const shotsDir = join(tmpdir(), 'vitrina-frame-sketches');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface HeldPage {
  page: Page;
  /** Settles when the frame asks for ECharts' chunk. */
  chunkAsked: Promise<void>;
  /** Lets ECharts' chunk through. */
  release: () => void;
  /** Settles once no request but the held chunk has been under way for a moment. */
  quiet: () => Promise<void>;
}

const QUIET_MS = 300;

/** A host page whose frame gets ECharts' chunk only once `release` is called. */
async function pageWithChunkHeld(harness: FrameHarness): Promise<HeldPage> {
  const page = await openHost(harness, 'ours');
  let release!: () => void;
  let asked!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(ECHARTS_CHUNK, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  const underWay = new Set<Request>();
  page.on('request', (request) => underWay.add(request));
  page.on('requestfinished', (request) => underWay.delete(request));
  page.on('requestfailed', (request) => underWay.delete(request));
  const quiet = async () => {
    let quietSince = Date.now();
    while (Date.now() - quietSince < QUIET_MS) {
      const others = [...underWay].filter((request) => !request.url().includes('/chart-visuals-'));
      if (others.length > 0) quietSince = Date.now();
      await page.waitForTimeout(50);
    }
  };
  return { page, chunkAsked, release, quiet };
}

async function openPage(held: HeldPage, report: DemoReport, pageName?: string) {
  await embed(held.page, {
    ...reportConfig({ ...report, groupId: '' }),
    ...(pageName ? { pageName } : {}),
    settings: { filterPaneEnabled: false },
  });
  // A page with a chart no sketch draws is rendered only once ECharts is let through: there, the
  // sketches are looked at once no other request is under way and the next frame is painted.
  await Promise.race([waitForEvent(held.page, 'rendered'), held.chunkAsked]);
  await held.quiet();
  await frameOf(held.page).evaluate(
    () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
  );
}

describe.skipIf(!chromiumAvailable)('chart sketches and the ECharts takeover', () => {
  const harness = useSharedFrameHarness();

  test('the sales report renders its first page without fetching ECharts; a click on a sketch selects', async () => {
    const sales = (await demoReports(harness())).find((r) => r.name === 'Ventas generales')!;
    const held = await pageWithChunkHeld(harness());
    try {
      await openPage(held, sales);
      const frame = frameOf(held.page);
      expect(await frame.locator('.chart[data-sketch]').count()).toBe(3);
      expect(await frame.locator('[_echarts_instance_]').count()).toBe(0);

      // The first column, Perú: the sketch selects it while ECharts is still held back.
      const column = frame.locator('[data-visual-name="VisualContainer10"] path[data-index="0"]');
      await column.click();
      const selected = await waitForEvent(held.page, 'dataSelected');
      const detail = selected.detail as { dataPoints: { identity: { equals: unknown }[] }[] };
      expect(detail.dataPoints[0]!.identity[0]!.equals).toBe('Perú');
      held.release();
      await expect.poll(() => frame.locator('.chart[data-sketch]').count()).toBe(0);
      expect(await frame.locator('[_echarts_instance_]').count()).toBe(3);
      // The chunk was asked for only after the page was rendered.
      const [requested, rendered] = await frame.evaluate(() => [
        performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes('/chart-visuals-'))?.startTime,
        performance.getEntriesByType('mark').find((mark) => mark.name.startsWith('frame:rendered:'))
          ?.startTime,
      ]);
      expect(requested).toBeGreaterThan(rendered!);
    } finally {
      held.release();
      await held.page.close();
    }
  });

  test('on every page of every demo report, ECharts draws what the sketch drew', async () => {
    const started = Date.now();
    mkdirSync(shotsDir, { recursive: true });
    let compared = 0;
    let largest = 0;
    for (const report of await demoReports(harness())) {
      const pages = await pageNames(report);
      for (const pageName of pages) {
        const held = await pageWithChunkHeld(harness());
        try {
          await openPage(held, report, pageName);
          const frame = frameOf(held.page);
          const sketches = await frame.locator('.chart[data-sketch]').all();
          const before: { file: string; box: Box }[] = [];
          for (const [i, sketch] of sketches.entries()) {
            const box = (await sketch.boundingBox())!;
            const file = join(shotsDir, `${report.id}-${pageName}-${i}`);
            await held.page.screenshot({ path: `${file}-sketch.png`, clip: box });
            before.push({ file, box });
          }
          held.release();
          await expect.poll(() => frame.locator('.chart[data-sketch]').count()).toBe(0);
          for (const { file, box } of before) {
            await held.page.screenshot({ path: `${file}-echarts.png`, clip: box });
            const diff = await comparePngs(
              harness().browser,
              `${file}-sketch.png`,
              `${file}-echarts.png`,
            );
            expect(diff.changedRatio, `${report.name} / ${pageName}: ${file}`).toBeLessThan(
              TOLERANCE,
            );
            compared += 1;
            largest = Math.max(largest, diff.changedRatio);
          }
        } finally {
          held.release();
          await held.page.close();
        }
      }
    }
    console.log(
      `${compared} charts compared in ${Date.now() - started} ms; at most ${(largest * 100).toFixed(4)} % of a chart's pixels changed`,
    );
    // The demo's column, bar, line, area, pie and donut charts are sketched, those with several
    // series too, but those with a negative value or a shortened label.
    expect(compared).toBeGreaterThanOrEqual(21);
  }, 300_000);

  async function pageNames(report: DemoReport): Promise<string[]> {
    const held = await pageWithChunkHeld(harness());
    try {
      held.release();
      await openPage(held, report);
      return await call<string[]>(
        held.page,
        'return (await embedded.getPages()).filter((p) => p.visibility !== 1).map((p) => p.name)',
      );
    } finally {
      await held.page.close();
    }
  }
});
