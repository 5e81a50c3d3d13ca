import type { Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { microsoftFrameScript, ourSdkScript } from './support/bundles.ts';
import { outcome, startHarness, type Harness } from './support/harness.ts';
import { loadsReceived, loadsSoFar, microsoftFrameIn } from './support/microsoft-frame-probe.ts';
import { html, js, startOrigin, type Origin } from './support/origins.ts';

/**
 * A frame on Microsoft's libraries whose embed URL redirects it to another origin: it loads when
 * that origin is allowed and it announces itself, and otherwise the embed says why in an `error`
 * event instead of waiting forever (decisions 0092, 0093).
 */
describeInBrowser('a frame that ends up on another origin', () => {
  let harness: Harness;
  let moved: Origin;
  let page: Page;

  beforeAll(async () => {
    harness = await startHarness(await ourSdkScript(), await microsoftFrameScript());
    moved = await startOrigin({ '/frame.js': js(await microsoftFrameScript()) });
    moved.routes['/reportEmbed'] = html('<p>moved</p>', '<script src="/frame.js"></script>');
    harness.frames.routes['/moved'] = ['redirect', `${moved.url}/reportEmbed`];
  });
  afterAll(async () => {
    await harness?.close();
    await moved?.close();
  });
  afterEach(async () => page?.close());

  /**
   * Embeds through a service with `serviceConfig` and resolves with the first `until` event's
   * detail, then with the pages when `until` is `loaded`.
   */
  function embedMoved(query: string, serviceConfig: object, until: string): Promise<unknown> {
    const config = {
      type: 'report',
      id: 'r1',
      accessToken: 'secret-token',
      uniqueId: 'mv1',
      embedUrl: `${harness.frames.url}/moved?reportId=r1${query}`,
    };
    return outcome(
      page,
      `(() => {
        const { factories } = window['powerbi-client'];
        const service = new powerbi.constructor(factories.hpmFactory, factories.wpmpFactory,
          factories.routerFactory, ${JSON.stringify(serviceConfig)});
        const container = document.getElementById('c1');
        const event = new Promise((resolve) =>
          container.addEventListener('${until}', (e) => resolve(e.detail), { once: true }));
        const report = service.embed(container, ${JSON.stringify(config)});
        const loaded = new Promise((resolve) => report.iframe.addEventListener('load', resolve));
        return Promise.all([event, loaded]).then(([detail]) => '${until}' !== 'loaded' ? detail
          : report.getPages().then((pages) => ({ detail, pages: pages.map((p) => p.name) })));
      })()`,
    );
  }

  /**
   * The bound: the host hears within 5 s, not after the one-minute request time-out. The
   * default time-out stays in force, so only the SDK's own handling can meet the bound.
   */
  function withinFiveSeconds(pending: Promise<unknown>): Promise<unknown> {
    const late = new Promise((resolve) => setTimeout(() => resolve('nothing within 5 s'), 5000));
    return Promise.race([pending, late]);
  }

  it('learns an allowed origin from the frame’s first message and loads it', async () => {
    page = await harness.newPage();
    const result = await embedMoved('&ready=1', { allowedOrigins: [moved.url] }, 'loaded');
    expect(result).toEqual({ resolved: { detail: { initiator: 'sdk' }, pages: ['P1', 'P2'] } });
    const frame = await microsoftFrameIn(page, 'c1');
    expect(frame.url().startsWith(moved.url)).toBe(true);
    const [load] = await loadsReceived(frame, 1);
    expect(load).toMatchObject({ accessToken: 'secret-token', uniqueId: 'mv1' });
  });

  it.each([
    ['once the frame is heard from', '&ready=late'],
    ['even when the frame never speaks first', ''],
  ])('posts the load lost while the frame moved to an allowed origin %s', async (_, query) => {
    page = await harness.newPage();
    const result = await withinFiveSeconds(
      embedMoved(query, { allowedOrigins: [moved.url] }, 'loaded'),
    );
    expect(result).toEqual({ resolved: { detail: { initiator: 'sdk' }, pages: ['P1', 'P2'] } });
    const frame = await microsoftFrameIn(page, 'c1');
    expect(await loadsReceived(frame, 1)).toEqual([
      expect.objectContaining({ accessToken: 'secret-token', uniqueId: 'mv1' }),
    ]);
  });

  it('names an origin that is not allowed in an error event, and sends it no token', async () => {
    page = await harness.newPage();
    const result = await embedMoved('&ready=1', {}, 'error');
    expect(result).toEqual({
      resolved: {
        message: 'FrameOriginNotAllowed',
        detailedMessage: expect.stringContaining(moved.url),
        level: 3, // TraceType.Error
      },
    });
    const frame = await microsoftFrameIn(page, 'c1');
    expect(await loadsSoFar(frame)).toEqual([]);
  });

  it('names a foreign origin within 5 s even when the frame never speaks first, and sends it no token', async () => {
    page = await harness.newPage();
    const result = await withinFiveSeconds(embedMoved('', {}, 'error'));
    expect(result).toEqual({
      resolved: {
        message: 'FrameOriginNotAllowed',
        detailedMessage: `Frame origin ${moved.url} is not allowed`,
        level: 3, // TraceType.Error
      },
    });
    const frame = await microsoftFrameIn(page, 'c1');
    expect(await loadsSoFar(frame)).toEqual([]);
  });

  it('reports a load the frame never answered in an error event when the request times out', async () => {
    page = await harness.newPage();
    const result = await embedMoved(
      '',
      { allowedOrigins: [moved.url], requestTimeout: 300 },
      'error',
    );
    expect(result).toEqual({
      resolved: {
        message: 'LoadReportFailed', // models.CommonErrorCodes.LoadReportFailed
        detailedMessage: expect.stringMatching(
          /no response to message \w+ within 300 ms \(POST \/report\/load\)/,
        ),
        level: 3, // TraceType.Error
      },
    });
  });
});
