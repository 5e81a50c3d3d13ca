import type { Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { beforeAll, expect, it } from 'vitest';
import {
  frameRequest,
  outcome,
  receivedBy,
  setReply,
  waitForRequest,
  type Harness,
  type Sdk,
} from './support/harness.ts';
import { embedAndWait, embedOf, useOurSdk } from './support/suite.ts';

const report = embedOf('c1');
const calls = [
  `${report}.getFilters()`,
  `${report}.setFilters([{ $schema: 'http://powerbi.com/product/schema#basic', target: { table: 't', column: 'c' }, operator: 'In', values: [1], filterType: 1 }])`,
  `${report}.getPages().then((ps) => ps.map((p) => [p.name, p.displayName, p.isActive]))`,
  `${report}.setPage('P2')`,
  `${report}.page('P1').getVisuals().then((vs) => vs.map((v) => [v.name, v.title, v.type]))`,
  `${report}.page('P1').hasLayout(3)`,
  `${report}.page('P1').setActive()`,
  `new (window['powerbi-client'].VisualDescriptor)(${report}.page('P1'), 'v1', 'T', 'card').exportData(0, 5)`,
  `new (window['powerbi-client'].VisualDescriptor)(${report}.page('P1'), 'v1', 'T', 'card').sortBy({ orderBy: { table: 't', column: 'c' }, direction: 1 })`,
  `${report}.updateSettings({ navContentPaneEnabled: false })`,
  `${report}.switchMode(1)`,
  `${report}.isSaved()`,
  `${report}.applyTheme({ themeJson: { name: 'tema' } })`,
  `${report}.resetTheme()`,
  `${report}.bookmarksManager.getBookmarks()`,
  `${report}.bookmarksManager.apply('b1')`,
  `${report}.bookmarksManager.capture()`,
  `${report}.print()`,
  `${report}.refresh()`,
  `${report}.render()`,
  `${report}.save()`,
  `${report}.saveAs({ name: 'copia' })`,
  `${report}.setAccessToken('t1')`,
  `${report}.reload()`,
  `${report}.on('bogus', () => 0)`,
];

/** Replaces the values that are random per run (tracking ids, session id) with placeholders. */
function normalise(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => {
      if (key === 'id' && typeof v === 'string' && v !== 'r1') return '<id>';
      if (key === 'sdkSessionId' && typeof v === 'string')
        return /^[0-9a-f]{20}$/.test(v) ? '<session>' : v;
      return v;
    }),
  );
}

/** The same host code against one SDK; returns everything the frame and the host observed. */
async function runScenario(harness: Harness, sdk: Sdk) {
  const page: Page = await harness.newPage(sdk);
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { seen: unknown[] }).seen = seen;
    for (const name of ['loaded', 'pageChanged', 'ready', 'error']) {
      document.addEventListener(name, (e) => {
        const detail = (e as CustomEvent<{ newPage?: { name: string; isActive: boolean } }>).detail;
        seen.push([
          name,
          (e.target as HTMLElement).id,
          detail?.newPage ? [detail.newPage.name, detail.newPage.isActive] : detail,
        ]);
      });
    }
  });
  const config = {
    type: 'report',
    id: 'r1',
    accessToken: 't0',
    uniqueId: 'u1',
    pageName: 'P1',
    viewMode: 0,
    embedUrl: `${harness.frames.url}/reportEmbed?reportId=r1&groupId=g1&ready=1`,
    settings: {
      localeSettings: { language: 'es', formatLocale: 'es-CO' },
      filterPaneEnabled: false,
    },
  };
  const frame = await embedAndWait(page, 'c1', config);
  await waitForRequest(frame, 'POST', '/frontload/config');
  await setReply(frame, 'GET', '/report/pages', {
    statusCode: 200,
    body: [{ name: 'P1', displayName: 'Uno', isActive: true }],
  });
  await setReply(frame, 'GET', '/report/pages/P1/visuals', {
    statusCode: 200,
    body: [{ name: 'v1', title: 'T', type: 'card' }],
  });
  await setReply(frame, 'PUT', '/report/pages/active', {
    statusCode: 400,
    body: [{ message: 'page not found' }],
  });
  const outcomes = [];
  for (const call of calls) outcomes.push(await outcome(page, call));
  const replies = [
    await frameRequest(frame, '/reports/u1/events/loaded', { initiator: 'sdk' }),
    await frameRequest(frame, '/reports/u1/pages/P1/events/pageChanged', {
      newPage: { name: 'P2', displayName: 'Dos' },
    }),
    await frameRequest(frame, '/reports/other/events/loaded', null),
  ];
  const iframe = await page.$eval('#c1', (el) =>
    el.innerHTML.replace(/uid=[0-9a-z]+/, 'uid=<uid>'),
  );
  const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
  const requests = (await receivedBy(frame)).map(({ origin: _origin, ...rest }) => rest);
  // /report/load and /frontload/config race (either may come first, in 2.8.0 too): compare as a set.
  const [first, second, ...rest] = requests;
  const received = [
    ...[first, second].sort((a, b) => String(a?.url).localeCompare(String(b?.url))),
    ...rest,
  ];
  const surface = await page.evaluate(() => {
    const w = window as unknown as { powerbi: object; 'powerbi-client': Record<string, object> };
    const client = w['powerbi-client'];
    return {
      client: Object.keys(client),
      service: Object.keys(client['service'] ?? {}),
      factories: Object.keys(client['factories'] ?? {}),
      globalService: Object.keys(w.powerbi).sort(),
      isService: w.powerbi instanceof (client['service'] as { Service: new () => object }).Service,
    };
  });
  await page.close();
  return normalise({ iframe, received, outcomes, replies, seen, surface });
}

describeInBrowser('compatibility: the same host code against powerbi-client 2.8.0 and ours', () => {
  const sdk = useOurSdk();
  let official: Record<string, unknown>;
  let ours: Record<string, unknown>;

  beforeAll(async () => {
    official = (await runScenario(sdk.harness, 'official')) as Record<string, unknown>;
    ours = (await runScenario(sdk.harness, 'ours')) as Record<string, unknown>;
  });

  it('the frame receives the same messages: methods, urls, header keys in order, header values and bodies', () => {
    expect(ours['received']).toEqual(official['received']);
    expect((official['received'] as unknown[]).length).toBeGreaterThan(calls.length);
  });

  it('every call settles the same way with the same value', () => {
    expect(ours['outcomes']).toEqual(official['outcomes']);
    const outcomes = official['outcomes'] as unknown[];
    expect(outcomes[2]).toEqual({ resolved: [['P1', 'Uno', true]] });
    expect(outcomes[3]).toEqual({ rejected: [{ message: 'page not found' }] });
    expect(outcomes[11]).toEqual({ resolved: true });
    expect(outcomes[calls.length - 1]).toEqual({
      threw: { error: expect.stringContaining('You passed: bogus') },
    });
  });

  it('the script bundle exposes the same globals and module keys', () => {
    expect(ours['surface']).toEqual(official['surface']);
  });

  it('the iframe markup, the event replies and the dispatched events are the same', () => {
    expect(ours['iframe']).toEqual(official['iframe']);
    expect(ours['replies']).toEqual(official['replies']);
    expect(ours['seen']).toEqual(official['seen']);
  });
});
