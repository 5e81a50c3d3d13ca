import type { Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { hostMockAppScript, microsoftFrameScript, ourSdkScript } from './support/bundles.ts';
import { outcome, startHarness, type Harness, type Sdk } from './support/harness.ts';
import { loadsReceived, microsoftFrameIn } from './support/microsoft-frame-probe.ts';
import { html, js } from './support/origins.ts';

/**
 * Host code written against 2.8.0's public API, run on our SDK and on powerbi-client 2.8.0 with
 * frames on Microsoft's own libraries: both must end the same way (decisions 0090, 0091, 0094).
 */
describeInBrowser('2.8.0 host code that goes beyond Service.embed', () => {
  let harness: Harness;
  let page: Page | undefined;

  beforeAll(async () => {
    harness = await startHarness(await ourSdkScript(), await microsoftFrameScript());
    harness.host.routes['/blank.html'] = html('<p>blank</p>');
    harness.host.routes['/mock-app.js'] = js(await hostMockAppScript());
  });
  afterAll(async () => harness?.close());
  afterEach(async () => page?.close());

  async function runOn(sdk: Sdk, expression: string): Promise<unknown> {
    page = await harness.newPage(sdk);
    const result = await outcome(page, expression);
    await page.close();
    page = undefined;
    return result;
  }

  it('the public factories talk to a frame the host created itself', async () => {
    const ownChannel = `(() => {
      const { factories } = window['powerbi-client'];
      const iframe = document.createElement('iframe');
      iframe.src = '${harness.frames.url}/reportEmbed?uid=own';
      document.getElementById('c1').append(iframe);
      return new Promise((loaded) => iframe.addEventListener('load', loaded))
        .then(() => factories.hpmFactory(factories.wpmpFactory('x'), iframe.contentWindow)
          .get('/report/pages', { uid: 'own' }))
        .then((reply) => reply.body.map((p) => p.name));
    })()`;
    const ours = await runOn('ours', ownChannel);
    expect(ours).toEqual({ resolved: ['P1', 'P2'] });
    expect(ours).toEqual(await runOn('official', ownChannel));
  });

  it('accepts the replies of a mock frame that answers from the host page', async () => {
    page = await harness.newPage();
    await page.addScriptTag({ url: `${harness.host.url}/mock-app.js` });
    const result = await outcome(
      page,
      `(() => {
        const report = powerbi.embed(document.getElementById('c2'), {
          type: 'report', id: 'r1', accessToken: 't', uniqueId: 'm1',
          embedUrl: '${harness.host.url}/blank.html',
        });
        return new Promise((loaded) => report.iframe.addEventListener('load', loaded))
          .then(() => {
            window.asked = hostMockApp.answerOn(report.iframe.contentWindow);
            return report.getPages();
          })
          .then((pages) => ({ pages: pages.map((p) => [p.name, p.displayName]), asked: window.asked }));
      })()`,
    );
    expect(result).toEqual({
      resolved: { pages: [['M1', 'Mock']], asked: expect.arrayContaining(['/report/pages']) },
    });
  });

  it('replies to an eventSourceOverrideWindow set after the proxy was built', async () => {
    const lateOverride = `(async () => {
      const { factories } = window['powerbi-client'];
      const witness = document.createElement('iframe');
      witness.src = '${harness.host.url}/blank.html';
      document.getElementById('c3').append(witness);
      await new Promise((loaded) => witness.addEventListener('load', loaded));
      const heard = new Promise((resolve) =>
        witness.contentWindow.addEventListener('message', (e) => resolve(e.data), { once: true }));
      const wpmp = factories.wpmpFactory('late');
      factories.routerFactory(wpmp).get('/ping', (req, res) => res.send(200, 'pong'));
      wpmp.eventSourceOverrideWindow = witness.contentWindow;
      window.postMessage({ method: 'GET', url: '/ping', headers: { id: 'ping-1' } }, '*');
      const reply = await heard;
      return { statusCode: reply.statusCode, body: reply.body, id: reply.headers.id };
    })()`;
    const ours = await runOn('ours', lateOverride);
    expect(ours).toEqual({ resolved: { statusCode: 200, body: 'pong', id: 'ping-1' } });
    expect(ours).toEqual(await runOn('official', lateOverride));
  });

  /** Embeds, wraps `load` in a function that returns nothing, re-embeds; the second load body. */
  async function reEmbedWithWrappedLoad(sdk: Sdk): Promise<unknown> {
    page = await harness.newPage(sdk);
    const embedUrl = `${harness.frames.url}/reportEmbed?reportId=r1&groupId=g1`;
    await page.evaluate((url) => {
      const host = window as unknown as { powerbi: { embed(e: HTMLElement, c: object): void } };
      host.powerbi.embed(document.getElementById('c4') as HTMLElement, {
        type: 'report',
        id: 'r1',
        embedUrl: url,
        accessToken: 't0',
        uniqueId: 'w1',
        settings: { filterPaneEnabled: false },
      });
    }, embedUrl);
    const frame = await microsoftFrameIn(page, 'c4');
    await loadsReceived(frame, 1);
    const reEmbed = await outcome(
      page,
      `(() => {
        const container = document.getElementById('c4');
        const report = powerbi.get(container);
        const original = report.load;
        window.wrappedCalls = 0;
        report.load = function (...args) { window.wrappedCalls += 1; original.apply(this, args); };
        powerbi.embed(container, { type: 'report', id: 'r2', embedUrl: '${embedUrl}', accessToken: 't1', uniqueId: 'w1' });
        return window.wrappedCalls;
      })()`,
    );
    expect(reEmbed).toEqual({ resolved: 1 });
    const loads = await loadsReceived(frame, 2);
    await page.close();
    page = undefined;
    return loads[1];
  }

  it('re-embedding sends exactly the caller’s config, also when load is wrapped', async () => {
    const ours = await reEmbedWithWrappedLoad('ours');
    expect(Object.keys(ours as object).sort()).toEqual([
      'accessToken',
      'embedUrl',
      'groupId',
      'id',
      'type',
      'uniqueId',
    ]);
    expect(ours).toEqual(await reEmbedWithWrappedLoad('official'));
  });
});
