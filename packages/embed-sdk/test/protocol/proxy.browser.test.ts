import type { Frame, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '@vitrina/e2e/browser';
import type { TransportLibrary } from './browser/peer.ts';
import type { createAsker, installFrameHandlers } from './browser/proxy-fixtures.ts';
import { addFrame, useTransportHarness } from './browser-harness.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- scenarios drive the proxy through the page's untyped globals */
type Scope = Window & {
  library: TransportLibrary;
  proxyFixtures: {
    installFrameHandlers: typeof installFrameHandlers;
    createAsker: typeof createAsker;
  };
  [name: string]: any;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Bounds how long a request that must stay unanswered waits; not a speed assertion. */
const noReplyTimeout = 400;

describeInBrowser(
  'WindowPostMessageProxy semantics (window-post-message-proxy 0.2.5, made safer)',
  () => {
    const harness = useTransportHarness();
    let page: Page;
    let frame: Frame;
    let witness: Frame;
    const logs: string[] = [];

    beforeAll(async () => {
      page = await harness().open('ours');
      page.on('console', (message) => logs.push(message.text()));
      frame = await addFrame(page, 'peer', `${harness().origins.frame.url}/ours.html`);
      witness = await addFrame(page, 'witness', `${harness().origins.frame.url}/ours.html`);
      await frame.evaluate(() => {
        const scope = window as unknown as Scope;
        scope['frameProxy'] = scope.proxyFixtures.installFrameHandlers();
      });
      await page.evaluate(
        ([origin, timeout]) => {
          const scope = window as unknown as Scope;
          const target = (document.getElementById('peer') as HTMLIFrameElement)
            .contentWindow as Window;
          scope['ask'] = scope.proxyFixtures.createAsker(target, origin, timeout);
        },
        [harness().origins.frame.url, noReplyTimeout] as const,
      );
    });

    const ask = (url: string) => page.evaluate((u) => (window as unknown as Scope)['ask'](u), url);

    it('answers with the first handler whose test passes, echoing the tracking id', async () => {
      const outcome = await ask('/first');
      expect(outcome).toEqual({
        resolved: {
          statusCode: 200,
          body: 'first',
          headers: { id: expect.stringMatching(/^[0-9a-f]{16}$/) },
        },
      });
    });

    it('waits for asynchronous handlers', async () => {
      expect(await ask('/async')).toMatchObject({ resolved: { statusCode: 201, body: 'later' } });
    });

    it('rejects with the whole message when isErrorMessage says so', async () => {
      expect(await ask('/failure')).toMatchObject({
        rejected: { statusCode: 500, body: { message: 'falló' } },
      });
    });

    it('resolves a reply without a status code', async () => {
      expect(await ask('/no-status')).toMatchObject({ resolved: { body: 'plain' } });
    });

    it('sends the default warning reply when a handler returns nothing or throws', async () => {
      for (const url of ['/nothing', '/throws']) {
        const outcome = (await ask(url)) as { resolved: { warning: string } };
        expect(outcome.resolved.warning).toMatch(
          /^Handler for message: \{\n {2}"url": "\/(nothing|throws)",/,
        );
        expect(outcome.resolved.warning).toMatch(
          /did not return a response message\. The default response message will be returned instead\.$/,
        );
      }
    });

    it('sends no reply when a handler rejects, no handler matches, or a test throws', async () => {
      for (const url of ['/rejects', '/unknown', '/test-throws']) {
        expect(await ask(url)).toEqual({
          rejected: { error: expect.stringContaining(`within ${noReplyTimeout} ms`) },
        });
      }
    });

    it('ignores messages that are not objects without throwing', async () => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await frame.evaluate(() =>
        ['text', 1, null, true].forEach((message) => window.parent.postMessage(message, '*')),
      );
      expect(await ask('/first')).toMatchObject({ resolved: { body: 'first' } });
      expect(errors).toEqual([]);
    });

    it('stops and restarts listening', async () => {
      await frame.evaluate(() => (window as unknown as Scope)['frameProxy'].stop());
      expect(await ask('/first')).toMatchObject({
        rejected: { error: expect.stringContaining('no response') },
      });
      await frame.evaluate(() => (window as unknown as Scope)['frameProxy'].start());
      expect(await ask('/first')).toMatchObject({ resolved: { body: 'first' } });
    });

    it('throws an Error when removing a handler it does not have', async () => {
      const message = await frame.evaluate(() => {
        try {
          (window as unknown as Scope)['frameProxy'].removeHandler({
            test: () => false,
            handle: () => null,
          });
          return 'removed';
        } catch (error) {
          return error instanceof Error ? error.message : 'not an Error';
        }
      });
      expect(message).toBe('You attempted to remove a handler but no matching handler was found.');
    });

    it('treats a throwing isErrorMessage as an error', async () => {
      const outcome = await page.evaluate(() => {
        const scope = window as unknown as Scope;
        const { WindowPostMessageProxy, HttpPostMessage } = scope.library;
        const proxy = new WindowPostMessageProxy({
          processTrackingProperties: {
            addTrackingProperties: HttpPostMessage.addTrackingProperties,
            getTrackingProperties: HttpPostMessage.getTrackingProperties,
          },
          isErrorMessage: () => {
            throw new Error('cannot tell');
          },
          suppressWarnings: true,
        });
        const target = (document.getElementById('peer') as HTMLIFrameElement)
          .contentWindow as Window;
        return proxy.postMessage(target, { url: '/first', headers: {} }).then(
          () => 'resolved',
          (reason: { body?: string }) => reason.body,
        );
      });
      expect(outcome).toBe('first');
    });

    it('uses its own tracking property and error rule by default', async () => {
      await page.evaluate(() => {
        const scope = window as unknown as Scope;
        const proxy = new scope.library.WindowPostMessageProxy({
          name: 'plain',
          suppressWarnings: true,
        });
        proxy.addHandler({
          test: (m: { ask?: string }) => m.ask !== undefined,
          handle: (m: { ask: string }) => ({ error: m.ask === 'fail' }),
        });
        scope['plainProxy'] = proxy;
      });
      const outcome = await frame.evaluate(() => {
        const scope = window as unknown as Scope;
        const sender = new scope.library.WindowPostMessageProxy({
          name: 'sender',
          suppressWarnings: true,
        });
        const sent = { ask: 'fail' };
        return sender.postMessage(window.parent, sent).then(
          () => 'resolved',
          (reply: Record<string, unknown>) => ({ sent, reply }),
        );
      });
      await page.evaluate(() => (window as unknown as Scope)['plainProxy'].stop());
      expect(outcome).toMatchObject({
        sent: {
          ask: 'fail',
          windowPostMessageProxy: { id: expect.stringMatching(/^[0-9a-f]{16}$/) },
        },
        reply: {
          error: true,
          windowPostMessageProxy: { id: expect.stringMatching(/^[0-9a-f]{16}$/) },
        },
      });
    });

    it('replies to eventSourceOverrideWindow instead of the sender', async () => {
      await page.evaluate(() => {
        const scope = window as unknown as Scope;
        const witnessWindow = (document.getElementById('witness') as HTMLIFrameElement)
          .contentWindow as Window;
        const proxy = new scope.library.WindowPostMessageProxy({
          eventSourceOverrideWindow: witnessWindow,
          suppressWarnings: true,
          targetOrigin: '*',
        });
        proxy.addHandler({
          test: (m: { url?: string }) => m.url === '/to-witness',
          handle: () => ({ redirected: true }),
        });
        scope['overrideProxy'] = proxy;
      });
      await witness.evaluate(() => {
        const scope = window as unknown as Scope;
        scope['seen'] = [];
        window.addEventListener('message', (event) => scope['seen'].push(event.data));
      });
      await frame.evaluate(() =>
        window.parent.postMessage(
          { url: '/to-witness', windowPostMessageProxy: { id: 'w1' } },
          '*',
        ),
      );
      await witness.waitForFunction(() => (window as unknown as Scope)['seen'].length > 0);
      expect(await witness.evaluate(() => (window as unknown as Scope)['seen'])).toEqual([
        { redirected: true, windowPostMessageProxy: { id: 'w1' } },
      ]);
      await page.evaluate(() => (window as unknown as Scope)['overrideProxy'].stop());
    });

    it('logs what it posts and receives when logMessages is on', async () => {
      await frame.evaluate(() => {
        const scope = window as unknown as Scope;
        const proxy = new scope.library.WindowPostMessageProxy({
          name: 'chatty',
          logMessages: true,
          suppressWarnings: true,
        });
        proxy.postMessage(window, { hello: 'world' });
      });
      await expect
        .poll(() =>
          logs.some(
            (line) =>
              line.startsWith('chatty Posting message:') && line.includes('"hello": "world"'),
          ),
        )
        .toBe(true);
    });
  },
);
