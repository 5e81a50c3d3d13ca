/**
 * Time from clicking a report card on the gateway to the SDK's `rendered` event, for the demo
 * sales report, with the embed warm-up (preload on the gateway + bootstrap while the token call
 * runs) and without it. Each run uses a fresh browser context (cold HTTP cache) on one stack.
 * Run after `npm run build`: `node bench/web/report-open.ts [runs]`.
 */
import { launchBrowser } from '../../e2e/src/browser.ts';
import { login } from '../../e2e/src/portal/session.ts';
import { startStack } from '../../e2e/src/stack.ts';

const runs = Number(process.argv[2] ?? 5);
const report = 'Ventas generales';

const stack = await startStack();
const browser = await launchBrowser();

async function measure(warmup: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await login(page, stack.portalUrl, 'admin', stack.adminPassword);
  // Login clears storage, so the switch is set afterwards and the gateway reloaded with it.
  await page.evaluate(
    (on) => localStorage.setItem('vitrina:embed-warmup', on ? 'on' : 'off'),
    warmup,
  );
  await page.reload();
  const link = page.getByRole('link', { name: report, exact: true }).first();
  await link.waitFor();
  // Give the preload what a person takes to pick a report.
  await page.waitForTimeout(2_000);
  const elapsed = await link.evaluate(
    (anchor) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        // Watched, not polled each animation frame: the report frame shares this page's renderer
        // (same site), and polling would make it render a frame each time, slowing the load.
        const rendered = () =>
          document.querySelector('[data-testid="report-container"][data-rendered="true"]');
        const observer = new MutationObserver(() => {
          if (!rendered()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now() - started);
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error('the report did not render within 60 s'));
        }, 60_000);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-rendered'],
        });
        (anchor as HTMLAnchorElement).click();
      }),
  );
  await context.close();
  return elapsed;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  const withWarmup: number[] = [];
  const without: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Alternate, so drift on the machine affects both sides alike.
    withWarmup.push(await measure(true));
    without.push(await measure(false));
  }
  const fmt = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(`click → rendered, "${report}", ${runs} runs each (ms)`);
  console.log(
    `  with preload + bootstrap:    median ${median(withWarmup).toFixed(0)}  [${fmt(withWarmup)}]`,
  );
  console.log(
    `  without preload / bootstrap: median ${median(without).toFixed(0)}  [${fmt(without)}]`,
  );
  console.log(
    `  saved: ${(median(without) - median(withWarmup)).toFixed(0)} ms (${((1 - median(withWarmup) / median(without)) * 100).toFixed(0)}%)`,
  );
} finally {
  await browser.close();
  await stack.stop();
}
