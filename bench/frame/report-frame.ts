/**
 * Report frame benchmark (not a test): in headless chromium, the time from embed() to `loaded`
 * and to `rendered` for the demo sales report ("Ventas generales", 1 M sales rows, 12 visuals),
 * cold (fresh browser context) and warm (same context, page reloaded), with our SDK and with
 * powerbi-client 2.8.0, beside the floor (the same iframe loading an empty response from the
 * same server); the re-render after a filter change; and the frame's gzipped JS size.
 * Run: `npm run bench -- frame` (or `./node_modules/.bin/node bench/frame/report-frame.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable } from '../../e2e/src/browser.ts';
import {
  basicFilter,
  call,
  demoReport,
  embed,
  events,
  reportConfig,
  startFrameHarness,
  waitForEvent,
  type FrameHarness,
  type ReportTarget,
} from '../../e2e/src/frame/harness.ts';
import type { SdkFlavour } from '../../e2e/src/frame/host-server.ts';

const RUNS = 5;
const COUNTRIES = ['Perú', 'Chile', 'Colombia', 'México', 'Argentina', 'Bolivia', 'Ecuador'];
const repoRoot = resolve(import.meta.dirname, '../..');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function embedOnce(
  page: Page,
  harness: FrameHarness,
  flavour: SdkFlavour,
  target: ReportTarget,
) {
  await page.goto(harness.host.pageUrl(flavour));
  await embed(page, reportConfig(target));
  await waitForEvent(page, 'rendered');
  const start = await page.evaluate(
    () => (window as unknown as { embedStartedAt: number }).embedStartedAt,
  );
  const [loaded] = await events(page, 'loaded');
  const [rendered] = await events(page, 'rendered');
  return { loaded: loaded!.at - start, rendered: rendered!.at - start };
}

/** The floor: an iframe in the same host page loading an empty response from the BI service. */
async function floorOnce(page: Page, harness: FrameHarness) {
  await page.goto(harness.host.pageUrl('ours'));
  return page.evaluate(
    (url) =>
      new Promise<number>((done) => {
        const frame = document.createElement('iframe');
        const start = performance.now();
        frame.addEventListener('load', () => done(performance.now() - start));
        frame.src = url;
        document.getElementById('embed')!.append(frame);
      }),
    `${harness.bi.url}/health`,
  );
}

async function measure(
  harness: FrameHarness,
  run: (page: Page) => Promise<number | { loaded: number; rendered: number }>,
) {
  const cold: (number | { loaded: number; rendered: number })[] = [];
  const warm: typeof cold = [];
  for (let i = 0; i < RUNS; i++) {
    const context: BrowserContext = await harness.browser.newContext({
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    cold.push(await run(page));
    warm.push(await run(page));
    await context.close();
  }
  return { cold, warm };
}

async function filterRerender(harness: FrameHarness, flavour: SdkFlavour, target: ReportTarget) {
  const page = await harness.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await embedOnce(page, harness, flavour, target);
  const samples: number[] = [];
  for (const country of COUNTRIES) {
    const before = (await events(page, 'rendered')).length;
    const filter = basicFilter('Tienda', 'País', [country]);
    const started = await page.evaluate(() => performance.now());
    await call(page, `return embedded.setFilters([${JSON.stringify(filter)}])`);
    const rendered = await waitForEvent(page, 'rendered', before + 1);
    samples.push(rendered.at - started);
  }
  await page.close();
  return median(samples);
}

function frameJsGzip(): number {
  const assets = join(repoRoot, 'apps/report-frame/dist/assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((total, file) => total + gzipSync(readFileSync(join(assets, file))).length, 0);
}

async function main() {
  if (!chromiumAvailable) throw new Error('chromium is needed for this benchmark');
  const harness = await startFrameHarness();
  try {
    const target = await demoReport(harness, 'Comercial', 'Ventas generales');
    const rows: string[] = [];
    const floor = await measure(harness, (page) => floorOnce(page, harness));
    rows.push(
      `| floor (empty page, same iframe) | ${ms(median(floor.cold as number[]))} | ${ms(median(floor.warm as number[]))} | | |`,
    );
    for (const flavour of ['ours', 'official'] as const) {
      const timing = await measure(harness, (page) => embedOnce(page, harness, flavour, target));
      const pick = (list: typeof timing.cold, key: 'loaded' | 'rendered') =>
        ms(median(list.map((t) => (t as { loaded: number; rendered: number })[key])));
      const label = flavour === 'ours' ? 'our SDK' : 'powerbi-client 2.8.0';
      rows.push(
        `| ${label}: loaded / rendered | ${pick(timing.cold, 'loaded')} / ${pick(timing.cold, 'rendered')} | ${pick(timing.warm, 'loaded')} / ${pick(timing.warm, 'rendered')} | | |`,
      );
      rows.push(
        `| ${label}: re-render after setFilters | | | ${ms(await filterRerender(harness, flavour, target))} | |`,
      );
    }
    const size = frameJsGzip();
    console.log(
      `Report frame, median of ${RUNS} runs (filter re-render: median of ${COUNTRIES.length})\n`,
    );
    console.log('| measure | cold | warm | filter change | |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
    console.log(`\nframe JS gzipped: ${(size / 1024).toFixed(1)} KB (target ≤ 350 KB)`);
  } finally {
    await harness.stop();
  }
}

await main();
