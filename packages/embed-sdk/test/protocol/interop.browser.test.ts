import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { pages } from './browser/peer.ts';
import {
  addFrame,
  createPeerIn,
  rawMessagesOf,
  receivedBy,
  send,
  useTransportHarness,
  type Library,
} from './browser-harness.ts';

const pairs: [host: Library, frame: Library][] = [
  ['ours', 'microsoft'],
  ['microsoft', 'ours'],
  ['ours', 'ours'],
];

describeInBrowser(
  'wire interoperability with Microsoft window-post-message-proxy, http-post-message and powerbi-router',
  () => {
    const harness = useTransportHarness();

    describe.each(pairs)('host on %s, frame on %s', (hostLibrary, frameLibrary) => {
      let page: Page;
      let frame: Frame;

      beforeAll(async () => {
        page = await harness().open(hostLibrary);
        frame = await addFrame(
          page,
          'report',
          `${harness().origins.frame.url}/${frameLibrary}.html`,
        );
        await createPeerIn(frame, { name: 'frame' });
        await createPeerIn(page, { name: 'host', strict: hostLibrary === 'ours' });
        await page.evaluate(
          (origin) =>
            (window as unknown as { peer: { trust(t: string, o: string): void } }).peer.trust(
              'report',
              origin,
            ),
          harness().origins.frame.url,
        );
      });

      afterAll(async () => {
        await page.close();
      });

      it('delivers a load request with the exact header order and resolves with the whole 202 response', async () => {
        const outcome = await send(
          page,
          'POST',
          '/report/load',
          { id: 'r1' },
          { uid: 'u1', sdkSessionId: 's1' },
          'report',
        );
        const [request] = await receivedBy(frame);
        expect(request?.headers).toEqual({
          'x-sdk-type': 'js',
          'x-sdk-version': '2.8.0',
          uid: 'u1',
          sdkSessionId: 's1',
          id: request?.headers['id'],
        });
        expect(Object.keys(request?.headers ?? {})).toEqual([
          'x-sdk-type',
          'x-sdk-version',
          'uid',
          'sdkSessionId',
          'id',
        ]);
        expect(request?.body).toEqual({ id: 'r1' });
        expect(outcome).toEqual({
          resolved: { statusCode: 202, headers: { id: request?.headers['id'] } },
        });
      });

      it('answers a query with 200 and its body; a GET carries no body', async () => {
        const outcome = await send(
          page,
          'GET',
          '/report/pages',
          undefined,
          { uid: 'u1' },
          'report',
        );
        expect(outcome).toMatchObject({ resolved: { statusCode: 200, body: pages } });
        const received = await receivedBy(frame);
        expect('body' in (received.at(-1) ?? {})).toBe(false);
      });

      it('rejects with the whole error response, body included', async () => {
        const outcome = await send(page, 'PUT', '/report/filters', [], { uid: 'u1' }, 'report');
        expect(outcome).toMatchObject({
          rejected: { statusCode: 400, body: [{ message: 'filters property is invalid' }] },
        });
      });

      it('routes parameters, decoded paths and query strings the same way', async () => {
        const outcome = await send(
          page,
          'GET',
          '/report/pages/P%C3%A1gina%201/visuals?top=5&flag',
          undefined,
          {},
          'report',
        );
        expect(outcome).toMatchObject({
          resolved: {
            body: { params: { pageName: 'Página 1' }, queryParams: { top: '5', flag: 'true' } },
          },
        });
      });

      it('lets the most specific route win over a catch-all registered first', async () => {
        expect(await send(page, 'GET', '/nowhere/at/all', undefined, {}, 'report')).toMatchObject({
          rejected: { statusCode: 404, body: 'Not found: /nowhere/at/all' },
        });
      });

      it('sends the default warning reply when a handler throws, which counts as success', async () => {
        const outcome = await send(page, 'POST', '/throws', null, {}, 'report');
        expect(outcome).toMatchObject({
          resolved: { warning: expect.stringContaining('did not return a response message') },
        });
      });

      it('carries frame events to the host router, answered 200 with a null body', async () => {
        const outcome = await send(frame, 'POST', '/reports/u1/events/loaded', {
          initiator: 'sdk',
        });
        expect(outcome).toMatchObject({ resolved: { statusCode: 200, headers: {}, body: null } });
        const [event] = (await receivedBy(page)).filter(
          (request) => request.url === '/reports/u1/events/loaded',
        );
        expect(event).toMatchObject({
          params: { uniqueId: 'u1', eventName: 'loaded' },
          body: { initiator: 'sdk' },
        });
      });

      it('never routes a reply as a new request', async () => {
        const before = (await receivedBy(frame)).length;
        await send(page, 'POST', '/report/load', {}, {}, 'report');
        const raw = await rawMessagesOf(page);
        expect(raw.some((message) => (message as { statusCode?: number }).statusCode === 202)).toBe(
          true,
        );
        expect((await receivedBy(frame)).length).toBe(before + 1);
      });
    });
  },
);
