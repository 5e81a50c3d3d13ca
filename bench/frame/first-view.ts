/**
 * A viewer's first view benchmark (not a test): the demo sales report under row-level security
 * ("Ventas por país (seguridad por filas)": "Ventas generales" on 1 M sales rows, 12 visuals,
 * filtered to each viewer's countries). The BI service keeps results per identity, so each
 * viewer's first view finds none and DuckDB answers the whole page, as after a data change. It
 * compares the BI service starting the opening page when the frame reads the report
 * (BI_EARLY_QUERIES on, decision 0217) with the frame asking first (off), side by side.
 *
 * Each round restarts the service once per case and browser: one viewer's view warms the service
 * (and the warm browser's cache), then four other viewers open the report, each in a fresh
 * browser (cold) or in the one that already holds the frame's files (warm), then all four open it
 * again: their pages are kept now, and the start only finds them so (what it costs every view).
 * Run: `npm run bench -- frame-first-view` (or `./node_modules/.bin/node bench/frame/first-view.ts`).
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable } from '../../e2e/src/browser.ts';
import * as hostPage from '../../e2e/src/frame/harness.ts';
import { median, ms, percentile } from './frame-timing.ts';

const ROUNDS = Number(process.env['BENCH_SAMPLES'] ?? 3);
const REPORT = 'Ventas por país (seguridad por filas)';
/** The demo's country managers (the `Pais` role maps each to their countries). */
const VIEWERS = ['peru', 'chile', 'andina', 'sur', 'mexico'].map(
  (name) => `gerente.${name}@retailandino.demo`,
);
const cases = ['on', 'off'] as const;
type Case = (typeof cases)[number];
type Browser = 'cold' | 'warm';
const views = ['first', 'again'] as const;
type View = (typeof views)[number];

interface Sample {
  /** embed() to `rendered`, in the host page's clock. */
  rendered: number;
  /**
   * From the frame's request for the report to the last byte of its page batch (the frame's
   * Resource Timing): the part an early start can shorten, without the drawing that follows.
   */
  rowsIn: number;
}

async function viewReport(
  page: Page,
  harness: hostPage.FrameHarness,
  target: hostPage.ReportTarget,
) {
  await page.goto(harness.host.pageUrl('ours'));
  await hostPage.embed(page, hostPage.reportConfig(target));
  await hostPage.waitForEvent(page, 'rendered');
  const start = await page.evaluate(
    () => (window as unknown as { embedStartedAt: number }).embedStartedAt,
  );
  const [rendered] = await hostPage.events(page, 'rendered');
  const rowsIn = await hostPage.frameOf(page).evaluate(() => {
    const requests = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const report = requests.find((entry) => entry.name.includes('/v1.0/embed/reports/'));
    const batch = requests.find((entry) => entry.name.endsWith('/queries'));
    return report && batch ? batch.responseEnd - report.startTime : NaN;
  });
  return { rendered: rendered!.at - start, rowsIn };
}

/**
 * A viewer's browser runs on their own machine, not beside the BI service: with BENCH_SPLIT_CPUS
 * (the default when there are two CPUs or more) the browser gets CPU 0 and the service CPU 1, so
 * neither takes time from the other. `BENCH_SPLIT_CPUS=0` leaves both on every CPU.
 */
const BROWSER_CPU = '0';
const SERVICE_CPU = '1';
const split = process.env['BENCH_SPLIT_CPUS'] !== '0' && availableParallelism() >= 2;

async function main() {
  if (!chromiumAvailable) throw new Error('chromium is needed for this benchmark');
  // Every thread of this process, so that the browser it launches next inherits CPU 0.
  if (split)
    execFileSync('taskset', [
      '--all-tasks',
      '--pid',
      '--cpu-list',
      BROWSER_CPU,
      String(process.pid),
    ]);
  const harness = await hostPage.startFrameHarness();
  const viewport = { width: 1400, height: 900 };
  let warmContext: BrowserContext | undefined;
  try {
    const groupId = await harness.rest.groupId('Comercial');
    const report = await harness.rest.report(groupId, REPORT);
    const targets = await Promise.all(
      VIEWERS.map(async (username) => ({
        id: report.id,
        embedUrl: report.embedUrl,
        groupId,
        accessToken: await harness.rest.identityToken(report.id, report.datasetId!, username, [
          'Pais',
        ]),
      })),
    );
    const [warmUp, ...viewers] = targets;
    warmContext = await harness.browser.newContext({ viewport });
    const warmPage = await warmContext.newPage();
    /** By case, browser and view: a viewer's first (nothing kept) and their second (kept). */
    const byView = (): Record<Browser, Record<View, Sample[]>> => ({
      cold: { first: [], again: [] },
      warm: { first: [], again: [] },
    });
    const samples: Record<Case, ReturnType<typeof byView>> = { on: byView(), off: byView() };
    const viewOnce = async (browser: Browser, target: hostPage.ReportTarget) => {
      if (browser === 'warm') return viewReport(warmPage, harness, target);
      const context = await harness.browser.newContext({ viewport });
      try {
        return await viewReport(await context.newPage(), harness, target);
      } finally {
        await context.close();
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which case goes first, so neither always follows the other.
      const order = round % 2 === 0 ? cases : ([...cases].reverse() as Case[]);
      for (const browser of ['cold', 'warm'] as const) {
        for (const which of order) {
          await harness.bi.restart(
            { BI_EARLY_QUERIES: which === 'on' ? 'true' : 'false' },
            split ? SERVICE_CPU : undefined,
          );
          await viewOnce('warm', warmUp!);
          for (const view of views) {
            for (const viewer of viewers) {
              samples[which][browser][view].push(await viewOnce(browser, viewer));
            }
          }
        }
      }
    }
    const count = ROUNDS * viewers.length;
    console.log(`${REPORT}, median of ${count} views per cell`);
    console.log(
      split
        ? `(browser on CPU ${BROWSER_CPU}, BI service on CPU ${SERVICE_CPU})`
        : '(browser and BI service sharing every CPU)',
    );
    const viewLabel: Record<View, string> = {
      first: "a viewer's first view (nothing kept)",
      again: 'the same viewer again (kept)',
    };
    const measures: [keyof Sample, string][] = [
      ['rendered', 'embed() to rendered'],
      ['rowsIn', "the frame's report request to the last row of its page batch"],
    ];
    for (const [measure, title] of measures) {
      const pick = (list: Sample[]) => list.map((sample) => sample[measure]);
      const cell = (list: Sample[]) =>
        `${ms(median(pick(list)))} (p90 ${ms(percentile(pick(list), 90))})`;
      console.log(`\n${title}\n`);
      console.log('| view | opening page | cold browser | warm browser |');
      console.log('| --- | --- | --- | --- |');
      for (const view of views) {
        const row = (which: Case, label: string) =>
          console.log(
            `| ${viewLabel[view]} | ${label} | ${cell(samples[which].cold[view])} | ${cell(samples[which].warm[view])} |`,
          );
        row('on', 'started when the frame reads the report (BI_EARLY_QUERIES on)');
        row('off', 'asked by the frame only (off)');
        const saved = (browser: Browser) =>
          ms(median(pick(samples.off[browser][view])) - median(pick(samples.on[browser][view])));
        console.log(
          `| ${viewLabel[view]} | saved by the early start (difference of medians) | ${saved('cold')} | ${saved('warm')} |`,
        );
      }
    }
  } finally {
    await warmContext?.close();
    await harness.stop();
  }
}

await main();
