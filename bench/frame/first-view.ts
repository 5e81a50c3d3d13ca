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
 * browser (cold) or in the one that already holds the frame's files (warm).
 * Run: `npm run bench -- frame-first-view` (or `./node_modules/.bin/node bench/frame/first-view.ts`).
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable } from '../../e2e/src/browser.ts';
import {
  embed,
  events,
  reportConfig,
  startFrameHarness,
  waitForEvent,
  type FrameHarness,
  type ReportTarget,
} from '../../e2e/src/frame/harness.ts';
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

/** embed() to `rendered`, in the host page's clock. */
async function renderedAfter(page: Page, harness: FrameHarness, target: ReportTarget) {
  await page.goto(harness.host.pageUrl('ours'));
  await embed(page, reportConfig(target));
  await waitForEvent(page, 'rendered');
  const start = await page.evaluate(
    () => (window as unknown as { embedStartedAt: number }).embedStartedAt,
  );
  const [rendered] = await events(page, 'rendered');
  return rendered!.at - start;
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
  const harness = await startFrameHarness();
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
    const samples: Record<Case, Record<Browser, number[]>> = {
      on: { cold: [], warm: [] },
      off: { cold: [], warm: [] },
    };
    const viewOnce = async (browser: Browser, target: ReportTarget) => {
      if (browser === 'warm') return renderedAfter(warmPage, harness, target);
      const context = await harness.browser.newContext({ viewport });
      try {
        return await renderedAfter(await context.newPage(), harness, target);
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
          for (const viewer of viewers)
            samples[which][browser].push(await viewOnce(browser, viewer));
        }
      }
    }
    const cell = (values: number[]) => `${ms(median(values))} (p90 ${ms(percentile(values, 90))})`;
    const saved = (browser: Browser) =>
      ms(median(samples.off[browser]) - median(samples.on[browser]));
    const count = ROUNDS * viewers.length;
    console.log(`${REPORT}: each viewer's first view, embed() to rendered, median of ${count}`);
    console.log(
      split
        ? `(browser on CPU ${BROWSER_CPU}, BI service on CPU ${SERVICE_CPU})\n`
        : '(browser and BI service sharing every CPU)\n',
    );
    console.log('| opening page | cold browser | warm browser |');
    console.log('| --- | --- | --- |');
    console.log(
      `| started when the frame reads the report (BI_EARLY_QUERIES on) | ${cell(samples.on.cold)} | ${cell(samples.on.warm)} |`,
    );
    console.log(
      `| asked by the frame only (off) | ${cell(samples.off.cold)} | ${cell(samples.off.warm)} |`,
    );
    console.log(
      `| saved by the early start (difference of medians) | ${saved('cold')} | ${saved('warm')} |`,
    );
  } finally {
    await warmContext?.close();
    await harness.stop();
  }
}

await main();
