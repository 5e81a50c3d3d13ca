import type { Page } from 'playwright-core';
import type { Harness } from '../../packages/embed-sdk/test/support/harness.ts';

export interface Sample {
  /** embed() → the frame receives /report/load. */
  toLoadRequest: number;
  /** embed() → the `loaded` event on the container. */
  toLoaded: number;
  /** Page start (token fetch begins) → `loaded`. */
  total: number;
}

/**
 * One run: the page starts, the host "fetches the token" for `tokenDelayMs`, then calls embed().
 * With `bootstrap`, the iframe is bootstrapped at page start, while the token is being fetched.
 */
export async function sampleEmbed(
  harness: Harness,
  bootstrap: boolean,
  tokenDelayMs: number,
): Promise<Sample> {
  const page: Page = await harness.newPage();
  const embedUrl = `${harness.frames.url}/reportEmbed?reportId=r1&autoloaded=1`;
  const times = await page.evaluate(
    ({ url, withBootstrap, delay }) =>
      new Promise<{ start: number; embedAt: number; loadedAt: number }>((resolve) => {
        const now = () => performance.timeOrigin + performance.now();
        const el = document.getElementById('c1') as HTMLElement;
        const service = (
          window as unknown as {
            powerbi: {
              bootstrap: (e: HTMLElement, c: object) => void;
              embed: (e: HTMLElement, c: object) => void;
            };
          }
        ).powerbi;
        const start = now();
        if (withBootstrap) service.bootstrap(el, { type: 'report', embedUrl: url });
        setTimeout(() => {
          const embedAt = now();
          el.addEventListener('loaded', () => resolve({ start, embedAt, loadedAt: now() }), {
            once: true,
          });
          service.embed(el, { type: 'report', id: 'r1', embedUrl: url, accessToken: 'token' });
        }, delay);
      }),
    { url: embedUrl, withBootstrap: bootstrap, delay: tokenDelayMs },
  );
  const frame = await (await page.$('#c1 iframe'))?.contentFrame();
  const timings =
    (await frame?.evaluate(
      () =>
        (window as unknown as { testFrame: { timings: { url: string; at: number }[] } }).testFrame
          .timings,
    )) ?? [];
  const loadAt = timings.find((t) => t.url === '/report/load')?.at ?? Number.NaN;
  await page.close();
  return {
    toLoadRequest: loadAt - times.embedAt,
    toLoaded: times.loadedAt - times.embedAt,
    total: times.loadedAt - times.start,
  };
}

/** Median and 90th percentile. */
export function summarise(values: number[]): { median: number; p90: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { median: at(0.5), p90: at(0.9) };
}
