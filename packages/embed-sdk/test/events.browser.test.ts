import type { Frame, Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { beforeAll, expect, it } from 'vitest';
import { frameRequest, outcome, waitForRequest } from './support/harness.ts';
import { embedAndWait, embedOf, reportConfig, useOurSdk } from './support/suite.ts';

interface SeenEvent {
  name: string;
  target: string;
  detail: unknown;
  bubbles: boolean;
  cancelable: boolean;
  isPage?: boolean;
}

const eventNames = [
  'loaded',
  'rendered',
  'dataSelected',
  'tileClicked',
  'tileLoaded',
  'visualRendered',
  'pageChanged',
  'ready',
  'custom',
];
const ok = (id: string) => ({ statusCode: 200, headers: { id }, body: null });

describeInBrowser('inbound event routes (our SDK)', () => {
  const state = useOurSdk();
  let page: Page;
  const frames: Record<string, Frame> = {};

  /** Records every event that reaches `document` (they bubble up from the containers). */
  async function seenEvents(): Promise<SeenEvent[]> {
    return page.evaluate(() => (window as unknown as { seen: SeenEvent[] }).seen.splice(0));
  }

  beforeAll(async () => {
    page = await state.harness.newPage();
    await page.evaluate((names) => {
      const seen: SeenEvent[] = [];
      (window as unknown as { seen: SeenEvent[] }).seen = seen;
      const PageClass = (window as unknown as { 'powerbi-client': { Page: new () => object } })[
        'powerbi-client'
      ].Page;
      for (const name of names) {
        document.addEventListener(name, (event) => {
          const { detail, bubbles, cancelable, target } = event as CustomEvent<{
            newPage?: unknown;
          }>;
          const isPage = detail?.newPage instanceof PageClass;
          const plain = isPage
            ? {
                newPage: {
                  name: (detail.newPage as { name: string }).name,
                  isActive: (detail.newPage as { isActive: boolean }).isActive,
                },
              }
            : detail;
          seen.push({
            name,
            target: (target as HTMLElement).id,
            detail: plain,
            bubbles,
            cancelable,
            ...(isPage ? { isPage } : {}),
          });
        });
      }
    }, eventNames);
    const url = state.harness.frames.url;
    frames['c1'] = await embedAndWait(page, 'c1', reportConfig(state.harness, { uniqueId: 'u1' }));
    frames['c2'] = await embedAndWait(
      page,
      'c2',
      {
        type: 'dashboard',
        id: 'd1',
        embedUrl: `${url}/dashboardEmbed?dashboardId=d1`,
        accessToken: 't',
        uniqueId: 'ud',
      },
      '/dashboard/load',
    );
    frames['c3'] = await embedAndWait(
      page,
      'c3',
      {
        type: 'tile',
        id: 'tl',
        dashboardId: 'd1',
        embedUrl: `${url}/embed`,
        accessToken: 't',
        uniqueId: 'ut',
      },
      '/tile/load',
    );
    frames['c4'] = await embedAndWait(
      page,
      'c4',
      {
        type: 'qna',
        datasetIds: ['ds'],
        embedUrl: `${url}/qnaEmbed`,
        accessToken: 't',
        uniqueId: 'uq',
      },
      '/qna/load',
    );
  });

  const routes: [string, string, string, string, unknown][] = [
    ['c1', '/reports/u1/events/loaded', 'loaded', 'c1', { initiator: 'sdk' }],
    ['c1', '/reports/u1/pages/P1/events/dataSelected', 'dataSelected', 'c1', { dataPoints: [1] }],
    ['c1', '/reports/u1/pages/P1/visuals/v1/events/rendered', 'rendered', 'c1', null],
    ['c1', '/reports/u1/events/custom', 'custom', 'c1', { any: 'name is dispatched' }],
    ['c2', '/dashboards/ud/events/tileClicked', 'tileClicked', 'c2', { tileId: 't' }],
    ['c3', '/tile/ut/events/tileLoaded', 'tileLoaded', 'c3', { ok: true }],
    ['c4', '/qna/uq/events/visualRendered', 'visualRendered', 'c4', { question: 'q' }],
  ];

  it.each(routes)(
    '%s posts %s → %s on #%s, answered 200',
    async (frameId, url, name, target, body) => {
      const reply = await frameRequest(frames[frameId] as Frame, url, body);
      expect(reply).toEqual(ok((reply as { headers: { id: string } }).headers.id));
      expect(await seenEvents()).toEqual([
        { name, target, detail: body, bubbles: true, cancelable: true },
      ]);
    },
  );

  it('pageChanged turns detail.newPage into an active Page', async () => {
    await frameRequest(frames['c1'] as Frame, '/reports/u1/events/pageChanged', {
      newPage: { name: 'P2', displayName: 'Dos' },
    });
    expect(await seenEvents()).toEqual([
      {
        name: 'pageChanged',
        target: 'c1',
        detail: { newPage: { name: 'P2', isActive: true } },
        bubbles: true,
        cancelable: true,
        isPage: true,
      },
    ]);
  });

  it('pageChanged without newPage gets the default warning reply and no event', async () => {
    const reply = (await frameRequest(
      frames['c1'] as Frame,
      '/reports/u1/events/pageChanged',
      {},
    )) as Record<string, unknown>;
    expect(reply['statusCode']).toBeUndefined();
    expect(String(reply['warning'])).toContain('did not return a response message');
    expect(await seenEvents()).toEqual([]);
  });

  it('an unknown uid is answered 200 and dispatches nothing; an unknown path gets no reply', async () => {
    const reply = (await frameRequest(
      frames['c1'] as Frame,
      '/reports/nobody/events/loaded',
      {},
    )) as { headers: { id: string } };
    expect(reply).toEqual(ok(reply.headers.id));
    expect(await frameRequest(frames['c1'] as Frame, '/somewhere/else', {})).toBe('no reply');
    expect(await seenEvents()).toEqual([]);
  });

  it('/ready/:uid dispatches ready and answers with /frontload/config', async () => {
    await frameRequest(frames['c1'] as Frame, '/ready/u1', null);
    const frontload = await waitForRequest(frames['c1'] as Frame, 'POST', '/frontload/config');
    expect(frontload.headerKeys).toEqual(['x-sdk-type', 'x-sdk-version', 'uid', 'id']);
    expect(frontload.body).toMatchObject({ type: 'report', id: 'r1', uniqueId: 'u1' });
    expect((await seenEvents()).map((e) => [e.name, e.target])).toEqual([['ready', 'c1']]);
  });

  it('routing is by uid: one of our frames may post events for another embed, as in 2.8.0', async () => {
    // The tile frame is one of ours, so it is trusted: routing is by uid, as in 2.8.0.
    await frameRequest(frames['c3'] as Frame, '/reports/u1/events/rendered', null);
    expect((await seenEvents()).map((e) => e.target)).toEqual(['c1']);
  });

  it('on() subscribes allowed events, rejects others with the exact message, off() unsubscribes', async () => {
    const report = embedOf('c1');
    await page.evaluate(() => {
      const w = window as unknown as { calls: string[]; handler: (e: CustomEvent) => void };
      w.calls = [];
      w.handler = (e) => w.calls.push(e.type);
    });
    await outcome(page, `${report}.on('loaded', window.handler)`);
    await frameRequest(frames['c1'] as Frame, '/reports/u1/events/loaded', null);
    await outcome(page, `${report}.off('loaded', window.handler)`);
    await frameRequest(frames['c1'] as Frame, '/reports/u1/events/loaded', null);
    expect(await outcome(page, 'window.calls')).toEqual({ resolved: ['loaded'] });
    expect(await outcome(page, `${report}.on('tileClicked', () => {})`)).toEqual({
      threw: {
        error:
          'eventName is must be one of loaded,saved,rendered,saveAsTriggered,error,dataSelected,buttonClicked,filtersApplied,pageChanged,commandTriggered,swipeStart,swipeEnd,bookmarkApplied. You passed: tileClicked',
      },
    });
    await seenEvents();
  });
});
