import type { Service } from '../src/service.ts';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { frameOf, outcome, receivedBy, waitForRequest } from './support/harness.ts';
import {
  chromiumAvailable,
  embedAndWait,
  reportConfig,
  useOurSdk,
  warnIfNoBrowser,
} from './support/suite.ts';

warnIfNoBrowser();

const get = (id: string) => `powerbi.get(document.getElementById('${id}'))`;

describe.skipIf(!chromiumAvailable)(
  'loading: front-load, phased load, preload and bootstrap (our SDK)',
  () => {
    const state = useOurSdk();
    let page: Page;
    afterEach(async () => page?.close());

    // Chromium serialises the CSSOM-set style attribute last, for 2.8.0's iframe too.
    it('front-loads the config for the first three components only', async () => {
      page = await state.harness.newPage();
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
      page = await state.harness.newPage();
      await page.evaluate(
        (cfg) => void powerbi.load(document.getElementById('c1') as HTMLElement, cfg),
        reportConfig(state.harness),
      );
      const frame = await frameOf(page, 'c1');
      await waitForRequest(frame, 'POST', '/report/prepare');
      expect(await outcome(page, `${get('c1')}.render()`)).toEqual({ resolved: undefined });
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
      page = await state.harness.newPage();
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
      page = await state.harness.newPage();
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
      await page.evaluate(
        (cfg) => void powerbi.embed(document.getElementById('c1') as HTMLElement, cfg),
        reportConfig(state.harness),
      );
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

    it('bootstrap then embed before the frame loaded: exactly one load, sent on the load event', async () => {
      page = await state.harness.newPage();
      await page.evaluate((cfg) => {
        const el = document.getElementById('c1') as HTMLElement;
        powerbi.bootstrap(el, { type: 'report', embedUrl: String(cfg['embedUrl']) });
        powerbi.embed(el, cfg);
      }, reportConfig(state.harness));
      const frame = await frameOf(page, 'c1');
      await waitForRequest(frame, 'POST', '/report/load');
      await outcome(page, `${get('c1')}.refresh()`);
      await waitForRequest(frame, 'POST', '/report/refresh');
      expect((await receivedBy(frame)).map((r) => r.url)).toEqual([
        '/report/load',
        '/report/refresh',
      ]);
    });
  },
);

declare const powerbi: Service;
