import type { Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { microsoftFrameScript, ourSdkScript } from './support/bundles.ts';
import { outcome, startHarness, type Harness } from './support/harness.ts';
import { embedInto, embedOf } from './support/suite.ts';

const report = embedOf('c1');

describeInBrowser('interoperability: a frame on Microsoft’s libraries answers our SDK', () => {
  let harness: Harness;
  let page: Page;

  /** Resolves with the detail of the next `name` event on the container (pages as [name, isActive]). */
  function nextEvent(name: string): Promise<unknown> {
    return page.evaluate(
      (eventName) =>
        new Promise((resolve) => {
          document.getElementById('c1')?.addEventListener(
            eventName,
            (e) => {
              const detail = (e as CustomEvent<{ newPage?: { name: string; isActive: boolean } }>)
                .detail;
              const PageClass = (
                window as unknown as { 'powerbi-client': { Page: new () => object } }
              )['powerbi-client'].Page;
              resolve(
                detail.newPage instanceof PageClass
                  ? ['Page', detail.newPage.name, detail.newPage.isActive]
                  : detail,
              );
            },
            { once: true },
          );
        }),
      name,
    );
  }

  beforeAll(async () => {
    harness = await startHarness(await ourSdkScript(), await microsoftFrameScript());
    page = await harness.newPage();
  });
  afterAll(async () => harness?.close());

  it('loads: the frame gets the config and our SDK dispatches its loaded event', async () => {
    const loaded = nextEvent('loaded');
    const config = {
      type: 'report',
      id: 'r1',
      embedUrl: `${harness.frames.url}/reportEmbed?reportId=r1`,
      accessToken: 't',
      uniqueId: 'u1',
    };
    await embedInto(page, 'c1', config);
    expect(await loaded).toEqual({ initiator: 'sdk' });
    const frame = (await (await page.$('#c1 iframe'))?.contentFrame())!;
    const state = await frame.evaluate(
      () =>
        (
          window as unknown as {
            microsoftFrame: { uid: string; loads: unknown[]; eventReplies: unknown[] };
          }
        ).microsoftFrame,
    );
    expect(state.uid).toBe('u1');
    expect(state.loads).toEqual([
      expect.objectContaining({ id: 'r1', accessToken: 't', uniqueId: 'u1' }),
    ]);
    await frame.waitForFunction(
      () =>
        (window as unknown as { microsoftFrame: { eventReplies: unknown[] } }).microsoftFrame
          .eventReplies.length > 0,
    );
    expect(
      await frame.evaluate(
        () =>
          (window as unknown as { microsoftFrame: { eventReplies: unknown[] } }).microsoftFrame
            .eventReplies,
      ),
    ).toEqual([['loaded', 200, null]]);
  });

  it('queries resolve with the frame’s data as Page objects', async () => {
    expect(
      await outcome(
        page,
        `${report}.getPages().then((ps) => ps.map((p) => [p.name, p.displayName, p.isActive]))`,
      ),
    ).toEqual({
      resolved: [
        ['P1', 'Uno', true],
        ['P2', 'Dos', false],
      ],
    });
  });

  it('commands resolve with the envelope and the frame’s pageChanged arrives as a Page', async () => {
    const changed = nextEvent('pageChanged');
    const settled = (await outcome(page, `${report}.setPage('P2')`)) as {
      resolved: { statusCode: number };
    };
    expect(settled.resolved.statusCode).toBe(202);
    expect(await changed).toEqual(['Page', 'P2', true]);
  });

  it('errors reject with the frame’s body: an IError[] for 400, the router’s string for unknown routes', async () => {
    expect(await outcome(page, `${report}.setFilters([])`)).toEqual({
      rejected: [{ message: 'filters are not supported here' }],
    });
    expect(await outcome(page, `${report}.print()`)).toEqual({
      rejected: 'Not found: /report/print',
    });
  });
});
