import type { Service } from '../src/service.ts';
import type { Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { expect, it } from 'vitest';
import { frameOf, outcome, receivedBy, waitForRequest } from './support/harness.ts';
import { embedAndWait, embedInto, embedOf, reportConfig, useOurSdkPage } from './support/suite.ts';

describeInBrowser('loading: front-load, phased load, preload and bootstrap (our SDK)', () => {
  const state = useOurSdkPage();

  // Chromium serialises the CSSOM-set style attribute last, for 2.8.0's iframe too.
  it('front-loads the config for the first three components only', async () => {
    const { page } = state;
    const got: boolean[] = [];
    for (const id of ['c1', 'c2', 'c3', 'c4']) {
      const config = reportConfig(state.harness, {
        embedUrl: `${state.harness.frames.url}/reportEmbed?reportId=r1&ready=1`,
        uniqueId: `f${id}`,
      });
      const frame = await embedAndWait(page, id, config);
      await frame.evaluate(
        () =>
          (window as unknown as { testFrame: { readyReply: Promise<unknown> } }).testFrame
            .readyReply,
      );
      got.push((await receivedBy(frame)).some((r) => r.url === '/frontload/config'));
    }
    expect(got).toEqual([true, true, true, false]);
  });

  it('phased load: load() sends /report/prepare, render() sends /report/render; other types still load', async () => {
    const { page } = state;
    await page.evaluate(
      (cfg) => void powerbi.load(document.getElementById('c1') as HTMLElement, cfg),
      reportConfig(state.harness),
    );
    const frame = await frameOf(page, 'c1');
    await waitForRequest(frame, 'POST', '/report/prepare');
    expect(await outcome(page, `${embedOf('c1')}.render()`)).toEqual({ resolved: undefined });
    await waitForRequest(frame, 'POST', '/report/render');
    expect((await receivedBy(frame)).map((r) => r.url)).toEqual([
      '/report/prepare',
      '/report/render',
    ]);
    const dashboard = {
      type: 'dashboard',
      id: 'd',
      embedUrl: `${state.harness.frames.url}/dashboardEmbed`,
      accessToken: 't',
    };
    await page.evaluate(
      (cfg) => void powerbi.load(document.getElementById('c2') as HTMLElement, cfg),
      dashboard,
    );
    await waitForRequest(await frameOf(page, 'c2'), 'POST', '/dashboard/load');
  });

  it('preload: a hidden iframe without uid that fires preloaded and receives nothing', async () => {
    const { page } = state;
    const url = `${state.harness.frames.url}/reportEmbed`;
    const html = await page.evaluate(
      (embedUrl) =>
        new Promise<string>((resolve) => {
          const iframe = powerbi.preload(
            { embedUrl },
            document.getElementById('c2') as HTMLElement,
          );
          document.addEventListener('preloaded', (e) =>
            resolve((e.target as HTMLElement).outerHTML),
          );
          void iframe;
        }),
      url,
    );
    expect(html).toBe(
      `<iframe style="display:none;" src="${url}" scrolling="no" allowfullscreen="false"></iframe>`,
    );
    expect(await receivedBy(await frameOf(page, 'c2'))).toEqual([]);
  });

  it('bootstrap: the iframe loads before the token; embed() later reuses it with the same uid', async () => {
    const { page } = state;
    const base = `${state.harness.frames.url}/reportEmbed`;
    await page.evaluate(
      (embedUrl) =>
        void powerbi.bootstrap(document.getElementById('c1') as HTMLElement, {
          type: 'report',
          embedUrl,
        }),
      base,
    );
    const frame = await frameOf(page, 'c1');
    const uid = await frame.evaluate(
      () => (window as unknown as { testFrame: { uid: string } }).testFrame.uid,
    );
    expect(await receivedBy(frame)).toEqual([]);
    await embedInto(page, 'c1', reportConfig(state.harness));
    const load = await waitForRequest(frame, 'POST', '/report/load');
    expect(load.headers['uid']).toBe(uid);
    expect(load.body).toMatchObject({
      id: 'r1',
      accessToken: 't0',
      uniqueId: uid,
      embedUrl: reportConfig(state.harness)['embedUrl'],
    });
    expect(
      await outcome(
        page,
        `powerbi.bootstrap(document.getElementById('c1'), { type: 'report', embedUrl: '${base}' })`,
      ),
    ).toEqual({
      threw: { error: expect.stringContaining('but the element is already a powerbi element.') },
    });
  });

  it("bootstrap: a frame's early ready gets no config (there is no token yet) and raises no page error", async () => {
    const { page } = state;
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.evaluate(
      (embedUrl) =>
        void powerbi.bootstrap(document.getElementById('c1') as HTMLElement, {
          type: 'report',
          embedUrl,
        }),
      `${state.harness.frames.url}/reportEmbed?ready=1`,
    );
    const frame = await frameOf(page, 'c1');
    await frame.evaluate(
      () =>
        (window as unknown as { testFrame: { readyReply: Promise<unknown> } }).testFrame.readyReply,
    );
    expect(await receivedBy(frame)).toEqual([]);
    await page.evaluate(
      (cfg) => void powerbi.embed(document.getElementById('c1') as HTMLElement, cfg),
      reportConfig(state.harness),
    );
    await waitForRequest(frame, 'POST', '/report/load');
    expect(pageErrors).toEqual([]);
  });

  it('bootstrap with a preloaded iframe of the same page: moved in, not reloaded, one load with the uid', async () => {
    const { page } = state;
    // `autoloaded=1`: the frame answers the load with `loaded`, addressed by the header's uid.
    const base = `${state.harness.frames.url}/reportEmbed?language=es&autoloaded=1`;
    await preloadAndWait(page, base);
    // A reload would start a new window without this mark.
    await (await preloadedFrame(page)).evaluate(() => ((window as { warm?: boolean }).warm = true));
    const loaded = await page.evaluate(
      (cfg) => {
        const el = document.getElementById('c1') as HTMLElement;
        const warm = (window as unknown as { warmFrame: HTMLIFrameElement }).warmFrame;
        const report = powerbi.bootstrap(
          el,
          { type: 'report', embedUrl: String(cfg['embedUrl']) },
          warm,
        );
        powerbi.embed(el, cfg);
        return new Promise<string>((resolve) =>
          report.on('loaded', () =>
            resolve(
              el.innerHTML === warm.outerHTML ? String(report.config.uniqueId) : 'other iframe',
            ),
          ),
        );
      },
      reportConfig(state.harness, { embedUrl: base }),
    );
    const frame = await frameOf(page, 'c1');
    expect(await frame.evaluate(() => (window as { warm?: boolean }).warm)).toBe(true);
    const requests = await receivedBy(frame);
    expect(requests.map((r) => r.url)).toEqual(['/report/load']);
    expect(requests[0]?.headers['uid']).toBe(loaded);
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(1);
    expect(await page.locator('#c1 iframe').getAttribute('style')).toBe(
      'width: 100%; height: 100%;',
    );
  });

  it('bootstrap leaves a preloaded iframe of another page alone and loads its own', async () => {
    const { page } = state;
    const base = `${state.harness.frames.url}/reportEmbed`;
    await preloadAndWait(page, `${base}?language=en`);
    await page.evaluate(
      (embedUrl) =>
        void powerbi.bootstrap(
          document.getElementById('c1') as HTMLElement,
          { type: 'report', embedUrl },
          (window as unknown as { warmFrame: HTMLIFrameElement }).warmFrame,
        ),
      base,
    );
    expect(await page.locator('#c1 iframe').getAttribute('src')).toMatch(/\/reportEmbed\?uid=/);
    expect(await page.locator('body > iframe[style="display:none;"]').count()).toBe(1);
  });

  it('bootstrap then embed before the frame loaded: exactly one load, sent on the load event', async () => {
    const { page } = state;
    await page.evaluate((cfg) => {
      const el = document.getElementById('c1') as HTMLElement;
      powerbi.bootstrap(el, { type: 'report', embedUrl: String(cfg['embedUrl']) });
      powerbi.embed(el, cfg);
    }, reportConfig(state.harness));
    const frame = await frameOf(page, 'c1');
    await waitForRequest(frame, 'POST', '/report/load');
    await outcome(page, `${embedOf('c1')}.refresh()`);
    await waitForRequest(frame, 'POST', '/report/refresh');
    expect((await receivedBy(frame)).map((r) => r.url)).toEqual([
      '/report/load',
      '/report/refresh',
    ]);
  });
});

/** Preloads `embedUrl` into the body, keeps the iframe as `window.warmFrame`, waits for `preloaded`. */
function preloadAndWait(page: Page, embedUrl: string): Promise<void> {
  return page.evaluate(
    (url) =>
      new Promise<void>((resolve) => {
        const iframe = powerbi.preload({ embedUrl: url });
        (window as unknown as { warmFrame: HTMLIFrameElement }).warmFrame = iframe;
        iframe.addEventListener('preloaded', () => resolve());
      }),
    embedUrl,
  );
}

async function preloadedFrame(page: Page) {
  const frame = await (
    await page.waitForSelector('body > iframe', { state: 'attached' })
  ).contentFrame();
  if (!frame) throw new Error('no preloaded frame');
  await frame.waitForFunction(() => 'testFrame' in window);
  return frame;
}

declare const powerbi: Service;
