import type { Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reactWrapperPageScript } from './support/bundles.ts';
import {
  frameOf,
  frameRequest,
  openScriptPage,
  outcome,
  setReply,
  waitForRequest,
} from './support/harness.ts';
import { useOurSdk } from './support/suite.ts';

/** What the page records (test/support/react-wrapper-page.tsx). */
const record = 'window.reactWrapper';

/**
 * Microsoft's powerbi-client-react, unchanged, on our SDK through the `powerbi-client` alias: it
 * embeds, its `eventHandlers` get `loaded`, `rendered` and `error`, `getEmbeddedComponent` gives a
 * working report, and a changed `embedConfig` re-embeds into the same iframe, as on powerbi-client.
 */
describeInBrowser('powerbi-client-react on our SDK', () => {
  const sdk = useOurSdk();
  let page: Page;

  beforeAll(async () => {
    page = await openScriptPage(sdk.harness, 'react', {
      body: '<div id="root"></div>',
      script: await reactWrapperPageScript(),
      query: `?frames=${sdk.harness.frames.url}`,
    });
  });
  afterAll(async () => {
    await page?.close();
  });

  const events = () => page.evaluate(`${record}.events.map((e) => e.name)`);

  it('embeds, names itself in the headers, and hands its handlers `loaded` with the embed', async () => {
    const frame = await frameOf(page, 'c1');
    const load = await waitForRequest(frame, 'POST', '/report/load');
    expect(load.body).toMatchObject({ id: 'r1', accessToken: 'react-token', uniqueId: 'react-1' });
    expect(load.headers).toMatchObject({
      'x-sdk-type': 'powerbi-client-react',
      'x-sdk-wrapper-version': '2.0.2',
    });
    await page.waitForFunction(`${record}.events.some((e) => e.name === 'loaded')`);
    expect(await page.evaluate(`${record}.events[0]`)).toEqual({
      name: 'loaded',
      detail: null,
      sameEmbed: true,
    });
  });

  it('hands its handlers `rendered` and `error` from the frame', async () => {
    const frame = await frameOf(page, 'c1');
    await frameRequest(frame, '/reports/react-1/events/rendered', null);
    const error = { message: 'LoadReportFailed', detailedMessage: 'x', level: 3 };
    await frameRequest(frame, '/reports/react-1/events/error', error);
    await page.waitForFunction(`${record}.events.some((e) => e.name === 'error')`);
    expect(await page.evaluate(`${record}.events.slice(1)`)).toEqual([
      { name: 'rendered', detail: null, sameEmbed: true },
      { name: 'error', detail: error, sameEmbed: true },
    ]);
  });

  it('gives a working report through getEmbeddedComponent', async () => {
    const frame = await frameOf(page, 'c1');
    const pages = [{ name: 'P1', displayName: 'Uno', isActive: true }];
    await setReply(frame, 'GET', '/report/pages', { statusCode: 200, body: pages });
    const result = await outcome(
      page,
      `${record}.embeds.at(-1).getPages().then((ps) => ps.map((p) => [p.name, typeof p.setActive]))`,
    );
    expect(result).toEqual({ resolved: [['P1', 'function']] });
  });

  it('re-embeds into the same iframe when embedConfig changes', async () => {
    const frame = await frameOf(page, 'c1');
    await page.evaluate(`${record}.setConfig(${record}.reportConfig('r2'))`);
    const reload = await waitForRequest(frame, 'POST', '/report/load', 2);
    expect(reload.body).toMatchObject({ id: 'r2', uniqueId: 'react-1' });
    expect(await frameOf(page, 'c1')).toBe(frame);
    await page.waitForFunction(`${record}.events.filter((e) => e.name === 'loaded').length === 2`);
    expect(await events()).toEqual(['loaded', 'rendered', 'error', 'loaded']);
  });
});
