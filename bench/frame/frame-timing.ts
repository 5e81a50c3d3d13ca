/** What the frame benchmarks share: percentiles and the re-render after a filter change. */
import type { Page } from 'playwright-core';
import {
  basicFilter,
  call,
  embed,
  events,
  openHost,
  reportConfig,
  waitForEvent,
  type FrameHarness,
  type ReportTarget,
} from '../../e2e/src/frame/harness.ts';
import type { SdkFlavour } from '../../e2e/src/frame/host-server.ts';

/** One filter per country: each is a query the BI service has not answered before in the run. */
const COUNTRIES = ['Perú', 'Chile', 'Colombia', 'México', 'Argentina', 'Bolivia', 'Ecuador'];
export const FILTER_SAMPLES = COUNTRIES.length;

/** The nearest-rank percentile `p` (0–100) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const median = (values: number[]) => percentile(values, 50);
export const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * The demo sales report embedded with `flavour` in a new page, then one `setFilters` per country:
 * the time from the call to the `rendered` that follows, in the host page's clock.
 */
export async function filterRerenderSamples(
  harness: FrameHarness,
  flavour: SdkFlavour,
  target: ReportTarget,
): Promise<number[]> {
  const page: Page = await openHost(harness, flavour);
  await embed(page, reportConfig(target));
  await waitForEvent(page, 'rendered');
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
  return samples;
}
