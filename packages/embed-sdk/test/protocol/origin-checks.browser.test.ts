import type { Frame, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '@vitrina/e2e/browser';
import type { Peer } from './browser/peer.ts';
import {
  addFrame,
  createPeerIn,
  receivedBy,
  send,
  useTransportHarness,
} from './browser-harness.ts';

type PeerWindow = Window & { peer: Peer };

/** Long enough for a message to cross windows; only bounds how long a refused request waits. */
const refusalTimeout = 500;

describeInBrowser('origin and source checks of our proxy against other windows', () => {
  const harness = useTransportHarness();
  let page: Page;
  let frame: Frame;
  let stranger: Frame;

  beforeAll(async () => {
    page = await harness().open('ours');
    frame = await addFrame(page, 'report', `${harness().origins.frame.url}/microsoft.html`);
    stranger = await addFrame(page, 'stranger', `${harness().origins.stranger.url}/microsoft.html`);
    await createPeerIn(frame, { name: 'frame' });
    await createPeerIn(stranger, { name: 'stranger' });
    await createPeerIn(page, { name: 'host', strict: true, requestTimeout: refusalTimeout });
    await page.evaluate(
      (origin) => (window as unknown as PeerWindow).peer.trust('report', origin),
      harness().origins.frame.url,
    );
  });

  it('ignores requests from a window that is not one of its frames', async () => {
    const outcome = await stranger.evaluate(
      (timeout) =>
        Promise.race([
          (window as unknown as PeerWindow).peer.send(
            'POST',
            '/reports/u1/events/loaded',
            {},
            {},
            'parent',
          ).settled,
          new Promise((resolve) => setTimeout(() => resolve('no reply'), timeout)),
        ]),
      refusalTimeout,
    );
    expect(outcome).toBe('no reply');
    expect(await receivedBy(page)).toEqual([]);
    await send(frame, 'POST', '/reports/u1/events/loaded', { from: 'frame' });
    expect((await receivedBy(page)).map((request) => request.body)).toEqual([{ from: 'frame' }]);
  });

  it('ignores a forged response from another window and settles with the frame’s own', async () => {
    const id = await page.evaluate(() => {
      const scope = window as unknown as PeerWindow & { lateRequest: Promise<unknown> };
      const request = scope.peer.send('POST', '/late', null, {}, 'report');
      scope.lateRequest = request.settled;
      return request.id;
    });
    await stranger.evaluate(
      (trackingId) =>
        window.parent.postMessage(
          { statusCode: 200, headers: { id: trackingId }, body: 'forged' },
          '*',
        ),
      id,
    );
    await frame.evaluate(() => (window as unknown as PeerWindow).peer.releaseLate());
    const outcome = await page.evaluate(
      () => (window as unknown as { lateRequest: Promise<unknown> }).lateRequest,
    );
    expect(outcome).toMatchObject({ resolved: { statusCode: 200, body: 'legit' } });
  });

  it('rejects with an Error, without posting, when the target window was never registered', async () => {
    expect(await send(page, 'GET', '/report/pages', undefined, {}, 'stranger')).toEqual({
      rejected: { error: 'Proxy(host): no target origin is registered for the target window.' },
    });
    expect(await receivedBy(stranger)).toEqual([]);
  });

  it('does not deliver to a registered window that now shows another origin, and times out with an Error', async () => {
    await page.evaluate(
      (origin) => (window as unknown as PeerWindow).peer.trust('stranger', origin),
      harness().origins.frame.url,
    );
    const outcome = await send(page, 'GET', '/report/pages', undefined, {}, 'stranger');
    expect(outcome).toMatchObject({
      rejected: {
        error: expect.stringMatching(/no response to message [0-9a-f]{16} within 500 ms/),
      },
    });
    expect(await receivedBy(stranger)).toEqual([]);
  });
});
