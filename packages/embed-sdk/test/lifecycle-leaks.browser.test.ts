import { join } from 'node:path';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { expect, it } from 'vitest';
import { bundle } from './support/bundles.ts';
import { outcome, type Sdk } from './support/harness.ts';
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

/**
 * Test suites and host code replace the SDK's parts with stand-ins: a proxy that answers every
 * request with nothing (so reading the reply fails with a TypeError), a `load` that rejects with an
 * Error. The automatic load then fails at a moment set by the iframe's `load` event; 2.8.0 lets
 * that rejection go. Raising an `error` event for it put that event, bubbling up to the window,
 * into whatever the page ran by then (Microsoft's suite failed a different spec each run).
 */
describeInBrowser('an automatic load that fails in a stand-in raises nothing later', () => {
  const state = useOurSdk();

  const standIns = (embedUrl: string) => `(async () => {
    const { factories } = window['powerbi-client'];
    const Service = powerbi.constructor;
    const standInProxy = () => ({
      addHandler() {}, removeHandler() {}, start() {}, stop() {},
      postMessage: () => Promise.resolve(null),
    });
    const errors = [];
    window.addEventListener('error', (event) => {
      if (!(event instanceof ErrorEvent)) errors.push([event.target.id, event.detail]);
    });
    const loaded = (embed) => new Promise((done) => embed.iframe.addEventListener('load', done));
    const config = { type: 'report', id: 'r1', accessToken: 't', embedUrl: '${embedUrl}' };
    const silentProxy = new Service(factories.hpmFactory, standInProxy, factories.routerFactory);
    const replacedLoad = new Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
    const first = silentProxy.embed(document.getElementById('c1'), config);
    const second = replacedLoad.embed(document.getElementById('c2'), config);
    second.load = () => Promise.reject(new Error('stand-in load failed'));
    await Promise.all([loaded(first), loaded(second)]);
    await new Promise((later) => setTimeout(later, 300));
    return errors;
  })()`;

  async function errorsOn(sdk: Sdk): Promise<unknown> {
    const page = await state.harness.newPage(sdk);
    page.on('pageerror', () => undefined); // the stand-ins' rejections go unhandled, as with 2.8.0
    const result = await outcome(
      page,
      standIns(`${state.harness.frames.url}/reportEmbed?reportId=r1`),
    );
    await page.close();
    return result;
  }

  it('no error event from a stand-in proxy or load, as with powerbi-client 2.8.0', async () => {
    const ours = await errorsOn('ours');
    expect(ours).toEqual({ resolved: [] });
    expect(ours).toEqual(await errorsOn('official'));
  });
});
