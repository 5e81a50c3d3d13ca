import { join } from 'node:path';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { expect, it } from 'vitest';
import { bundle } from './support/bundles.ts';
import type { LifecycleResult } from './support/lifecycle-host.ts';
import { useOurSdk } from './support/suite.ts';

const repetitions = 20;
const pages = 2;
const steps = 50;
const seed = 20_261_127;

/**
 * Embeds, re-embeds, `on` handlers and resets in a seeded random order on four containers, played
 * 20 times (ten times in each of two pages): afterwards nothing of the SDK is left (no pending timer, no listener, no
 * registered embed, no iframe, no stray `error`), and every repetition ends the same way.
 */
describeInBrowser('embed lifecycle leaves nothing behind (our SDK)', () => {
  const state = useOurSdk();

  it(`plays ${steps} random embeds, re-embeds and resets ${repetitions} times with the same, clean result`, async () => {
    const { harness } = state;
    const host = await bundle(join(import.meta.dirname, 'support/lifecycle-host.ts'));
    // The runs wait on frames and timers more than they compute: two pages side by side.
    const perPage = await Promise.all(
      Array.from({ length: pages }, async () => {
        const page = await harness.newPage();
        await page.addScriptTag({ content: host });
        const results: LifecycleResult[] = [];
        for (let run = 0; run < repetitions / pages; run++) {
          results.push(
            await page.evaluate(
              ([url, s, n]) =>
                (
                  window as unknown as {
                    runLifecycle(u: string, s: number, n: number): Promise<LifecycleResult>;
                  }
                ).runLifecycle(url, s, n),
              [harness.frames.url, seed, steps] as const,
            ),
          );
        }
        await page.close();
        return results;
      }),
    );
    const results = perPage.flat();
    expect(results).toHaveLength(repetitions);
    const first = results[0] as LifecycleResult;
    expect(first).toEqual({
      pendingTimers: 0,
      listeners: 0,
      components: 0,
      registeredContainers: 0,
      iframes: 0,
      errors: [],
      played: expect.objectContaining({ embed: expect.any(Number), reset: expect.any(Number) }),
    });
    expect(results).toEqual(Array.from({ length: repetitions }, () => first));
  }, 180_000);
});
