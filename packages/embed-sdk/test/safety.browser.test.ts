import type { Service } from '../src/service.ts';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordingFrameScript } from './support/bundles.ts';
import { frameOf, frameRequest, outcome, receivedBy } from './support/harness.ts';
import { html, js, startOrigin, type Origin } from './support/origins.ts';
import { embedAndWait, reportConfig, useOurSdkPage } from './support/suite.ts';

describeInBrowser('safer than 2.8.0: pinned origins, trusted windows, optional timeout', () => {
  const state = useOurSdkPage();
  let other: Origin;

  beforeAll(async () => {
    other = await startOrigin({ '/frame.js': js(await recordingFrameScript()) });
    other.routes['/frame.html'] = html('<p>other</p>', '<script src="/frame.js"></script>');
    // The embed URL's origin sends the frame on to another origin.
    state.harness.frames.routes['/moved'] = ['redirect', `${other.url}/frame.html`];
  });
  afterAll(async () => other?.close());

  it('posts only to the embed URL’s origin: a frame that ended up elsewhere gets no token or config and is not heard', async () => {
    const { page } = state;
    const config = reportConfig(state.harness, {
      embedUrl: `${state.harness.frames.url}/moved?reportId=r1`,
      uniqueId: 'u1',
    });
    await page.evaluate((cfg) => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      for (const name of ['loaded', 'error'])
        document.addEventListener(name, (e) =>
          heard.push(`${name}: ${String((e as CustomEvent).detail?.message)}`),
        );
      powerbi.embed(document.getElementById('c1') as HTMLElement, cfg);
    }, config);
    const frame = await frameOf(page, 'c1');
    expect(frame.url().startsWith(other.url)).toBe(true);
    expect(await frameRequest(frame, '/reports/u1/events/loaded', null)).toBe('no reply');
    // The unanswered load makes the SDK ask where the frame is (decision 0266): the answer
    // names the refused origin, and the question carried no token and no config.
    await page.waitForFunction(() => (window as unknown as { heard: string[] }).heard.length > 0);
    expect(await outcome(page, '(window).heard')).toEqual({
      resolved: ['error: FrameOriginNotAllowed'],
    });
    expect(await receivedBy(frame)).toEqual([
      expect.objectContaining({ method: 'GET', url: '/report/pages', hasBody: false }),
    ]);
    expect(JSON.stringify(await receivedBy(frame))).not.toContain('t0');
  });

  it('ignores a window it did not create, even one on the frame origin using a live uid', async () => {
    const { page } = state;
    const ourFrame = await embedAndWait(
      page,
      'c1',
      reportConfig(state.harness, { uniqueId: 'u1' }),
    );
    await page.evaluate((src) => {
      const stranger = document.createElement('iframe');
      stranger.src = src;
      document.getElementById('c2')?.append(stranger);
    }, `${state.harness.frames.url}/frame.html`);
    const stranger = await frameOf(page, 'c2');
    expect(await frameRequest(stranger, '/reports/u1/events/loaded', null)).toBe('no reply');
    expect(await frameRequest(ourFrame, '/reports/u1/events/loaded', null)).toMatchObject({
      statusCode: 200,
    });
  });

  it('rejects with an Error after requestTimeout when the frame never answers', async () => {
    const { page } = state;
    const config = reportConfig(state.harness, {
      embedUrl: `${state.harness.frames.url}/reportEmbed?reportId=r1&silent=1`,
    });
    const result = await outcome(
      page,
      `(() => {
        const { factories } = window['powerbi-client'];
        const service = new powerbi.constructor(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory, { requestTimeout: 200 });
        const report = service.embed(document.getElementById('c3'), ${JSON.stringify(config)});
        return new Promise((resolve) => report.iframe.addEventListener('load', resolve)).then(() => report.getFilters());
      })()`,
    );
    expect(result).toEqual({
      rejected: { error: expect.stringMatching(/no response to message \w+ within 200 ms/) },
    });
  });
});

declare const powerbi: Service;
