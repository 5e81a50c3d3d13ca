import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { outcome, setReply, waitForRequest, type FrameReply } from './support/harness.ts';
import {
  chromiumAvailable,
  embedAndWait,
  reportConfig,
  useOurSdk,
  warnIfNoBrowser,
} from './support/suite.ts';

warnIfNoBrowser();

const report = `powerbi.get(document.getElementById('c1'))`;
const page1 = `${report}.page('P1')`;
const visual1 = `new (window['powerbi-client'].VisualDescriptor)(${page1}, 'v1', 'Ventas', 'barChart')`;
const bookmarks = `${report}.bookmarksManager`;
const filter = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 't', column: 'c' },
  operator: 'In',
  values: [1],
  filterType: 1,
};

interface ApiCase {
  call: string;
  method: string;
  url: string;
  /** Expected request body; `'absent'` when the message must have no body property. */
  body: unknown;
  reply?: FrameReply;
  /** `body`: resolves with the reply's body; `envelope`: with the whole reply; or an exact value. */
  resolves: 'body' | 'envelope' | { value: unknown };
}

const cases: ApiCase[] = [
  {
    call: `${report}.getFilters()`,
    method: 'GET',
    url: '/report/filters',
    body: 'absent',
    reply: { statusCode: 200, body: [filter] },
    resolves: 'body',
  },
  {
    call: `${report}.setFilters([${JSON.stringify(filter)}])`,
    method: 'PUT',
    url: '/report/filters',
    body: [filter],
    resolves: 'envelope',
  },
  {
    call: `${report}.removeFilters()`,
    method: 'PUT',
    url: '/report/filters',
    body: [],
    resolves: 'envelope',
  },
  {
    call: `${report}.getPages().then((ps) => ps.map((p) => [p instanceof window['powerbi-client'].Page, p.name, p.displayName, p.isActive, p.visibility]))`,
    method: 'GET',
    url: '/report/pages',
    body: 'absent',
    reply: {
      statusCode: 200,
      body: [{ name: 'P1', displayName: 'Uno', isActive: true, visibility: 0 }],
    },
    resolves: { value: [[true, 'P1', 'Uno', true, 0]] },
  },
  {
    call: `${report}.setPage('P2')`,
    method: 'PUT',
    url: '/report/pages/active',
    body: { name: 'P2', displayName: null, isActive: true },
    resolves: 'envelope',
  },
  { call: `${report}.print()`, method: 'POST', url: '/report/print', body: null, resolves: 'body' },
  {
    call: `${report}.updateSettings({ filterPaneEnabled: false })`,
    method: 'PATCH',
    url: '/report/settings',
    body: { filterPaneEnabled: false },
    resolves: 'envelope',
  },
  {
    call: `${report}.switchMode(1)`,
    method: 'POST',
    url: '/report/switchMode/edit',
    body: null,
    resolves: 'body',
  },
  {
    call: `${report}.switchMode(0)`,
    method: 'POST',
    url: '/report/switchMode/view',
    body: null,
    resolves: 'body',
  },
  {
    call: `${report}.switchMode('edit')`,
    method: 'POST',
    url: '/report/switchMode/edit',
    body: null,
    resolves: 'body',
  },
  {
    call: `${report}.refresh()`,
    method: 'POST',
    url: '/report/refresh',
    body: null,
    resolves: 'body',
  },
  {
    call: `${report}.isSaved()`,
    method: 'GET',
    url: '/report/hasUnsavedChanges',
    body: 'absent',
    reply: { statusCode: 200, body: true },
    resolves: { value: false },
  },
  {
    call: `${report}.applyTheme({ themeJson: { name: 'x' } })`,
    method: 'PUT',
    url: '/report/theme',
    body: { themeJson: { name: 'x' } },
    resolves: 'body',
  },
  {
    call: `${report}.resetTheme()`,
    method: 'PUT',
    url: '/report/theme',
    body: {},
    resolves: 'body',
  },
  {
    call: `${report}.render()`,
    method: 'POST',
    url: '/report/render',
    body: undefined,
    resolves: 'body',
  },
  {
    call: `${report}.render({ pageName: 'P1' })`,
    method: 'POST',
    url: '/report/render',
    body: { pageName: 'P1' },
    resolves: 'body',
  },
  { call: `${report}.save()`, method: 'POST', url: '/report/save', body: null, resolves: 'body' },
  {
    call: `${report}.saveAs({ name: 'copia' })`,
    method: 'POST',
    url: '/report/saveAs',
    body: { name: 'copia' },
    resolves: 'body',
  },
  {
    call: `${page1}.getFilters()`,
    method: 'GET',
    url: '/report/pages/P1/filters',
    body: 'absent',
    reply: { statusCode: 200, body: [filter] },
    resolves: 'body',
  },
  {
    call: `${page1}.setFilters([])`,
    method: 'PUT',
    url: '/report/pages/P1/filters',
    body: [],
    resolves: 'envelope',
  },
  {
    call: `${page1}.removeFilters()`,
    method: 'PUT',
    url: '/report/pages/P1/filters',
    body: [],
    resolves: 'envelope',
  },
  {
    call: `${page1}.setActive()`,
    method: 'PUT',
    url: '/report/pages/active',
    body: { name: 'P1', displayName: null, isActive: true },
    resolves: 'envelope',
  },
  {
    call: `${page1}.getVisuals().then((vs) => vs.map((v) => [v.name, v.title, v.type, v.layout, v.page.name]))`,
    method: 'GET',
    url: '/report/pages/P1/visuals',
    body: 'absent',
    reply: {
      statusCode: 200,
      body: [{ name: 'v1', title: 'Ventas', type: 'barChart', layout: { x: 1 } }],
    },
    resolves: { value: [['v1', 'Ventas', 'barChart', { x: 1 }, 'P1']] },
  },
  {
    call: `${page1}.hasLayout(2)`,
    method: 'GET',
    url: '/report/pages/P1/layoutTypes/MobilePortrait',
    body: 'absent',
    reply: { statusCode: 200, body: true },
    resolves: 'body',
  },
  {
    call: `${visual1}.getFilters()`,
    method: 'GET',
    url: '/report/pages/P1/visuals/v1/filters',
    body: 'absent',
    reply: { statusCode: 200, body: [] },
    resolves: 'body',
  },
  {
    call: `${visual1}.setFilters([])`,
    method: 'PUT',
    url: '/report/pages/P1/visuals/v1/filters',
    body: [],
    resolves: 'envelope',
  },
  {
    call: `${visual1}.removeFilters()`,
    method: 'PUT',
    url: '/report/pages/P1/visuals/v1/filters',
    body: [],
    resolves: 'envelope',
  },
  {
    call: `${visual1}.exportData(1, 10)`,
    method: 'POST',
    url: '/report/pages/P1/visuals/v1/exportData',
    body: { rows: 10, exportDataType: 1 },
    reply: { statusCode: 200, body: { data: 'a,b' } },
    resolves: 'body',
  },
  {
    call: `${visual1}.setSlicerState({ filters: [] })`,
    method: 'PUT',
    url: '/report/pages/P1/visuals/v1/slicer',
    body: { filters: [] },
    resolves: 'envelope',
  },
  {
    call: `${visual1}.getSlicerState()`,
    method: 'GET',
    url: '/report/pages/P1/visuals/v1/slicer',
    body: 'absent',
    reply: { statusCode: 200, body: { filters: [] } },
    resolves: 'body',
  },
  {
    call: `${visual1}.clone()`,
    method: 'POST',
    url: '/report/pages/P1/visuals/v1/clone',
    body: {},
    reply: { statusCode: 200, body: { visualName: 'v2' } },
    resolves: 'body',
  },
  {
    call: `${visual1}.sortBy({ orderBy: { table: 't', measure: 'm' }, direction: 2 })`,
    method: 'PUT',
    url: '/report/pages/P1/visuals/v1/sortBy',
    body: { orderBy: { table: 't', measure: 'm' }, direction: 2 },
    resolves: 'envelope',
  },
  {
    call: `${bookmarks}.getBookmarks()`,
    method: 'GET',
    url: '/report/bookmarks',
    body: 'absent',
    reply: { statusCode: 200, body: [{ name: 'b1', displayName: 'Uno' }] },
    resolves: 'body',
  },
  {
    call: `${bookmarks}.apply('b1')`,
    method: 'POST',
    url: '/report/bookmarks/applyByName',
    body: { name: 'b1' },
    resolves: 'envelope',
  },
  {
    call: `${bookmarks}.play(1)`,
    method: 'POST',
    url: '/report/bookmarks/play',
    body: { playMode: 1 },
    resolves: 'envelope',
  },
  {
    call: `${bookmarks}.capture()`,
    method: 'POST',
    url: '/report/bookmarks/capture',
    body: null,
    reply: { statusCode: 200, body: { name: 'c', state: 's' } },
    resolves: 'body',
  },
  {
    call: `${bookmarks}.applyState('s')`,
    method: 'POST',
    url: '/report/bookmarks/applyState',
    body: { state: 's' },
    resolves: 'envelope',
  },
];

describe.skipIf(!chromiumAvailable)('report API on the wire (our SDK, two origins)', () => {
  const state = useOurSdk();
  let page: Page;
  let frame: Frame;
  const counts = new Map<string, number>();

  /** Waits for the next `method url` request (counting repeats of the same route). */
  async function nextRequest(method: string, url: string) {
    const key = `${method} ${url}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return waitForRequest(frame, method, url, count);
  }

  beforeAll(async () => {
    page = await state.harness.newPage();
    frame = await embedAndWait(page, 'c1', reportConfig(state.harness, { uniqueId: 'u1' }));
    counts.set('POST /report/load', 1);
  });

  it.each(cases)('$call → $method $url', async ({ call, method, url, body, reply, resolves }) => {
    if (reply) await setReply(frame, method, url, reply);
    const settled = await outcome(page, call);
    const request = await nextRequest(method, url);
    expect(request.headerKeys).toEqual(['x-sdk-type', 'x-sdk-version', 'uid', 'id']);
    expect(request.headers).toMatchObject({
      'x-sdk-type': 'js',
      'x-sdk-version': '2.8.0',
      uid: 'u1',
    });
    if (body === 'absent') expect(request.hasBody).toBe(false);
    else expect(request.body).toEqual(body);
    expect(request.origin).toBe(state.harness.host.url);
    const expectedReply = reply ?? { statusCode: 202 };
    if (resolves === 'body') expect(settled).toEqual({ resolved: expectedReply.body });
    else if (resolves === 'envelope') {
      expect(settled).toEqual({
        resolved: { statusCode: expectedReply.statusCode, headers: { id: request.headers['id'] } },
      });
    } else expect(settled).toEqual({ resolved: resolves.value });
  });

  it('rejects with the reply body, for queries and commands alike', async () => {
    await setReply(frame, 'GET', '/report/filters', {
      statusCode: 400,
      body: [{ message: 'bad filter' }],
    });
    expect(await outcome(page, `${report}.getFilters()`)).toEqual({
      rejected: [{ message: 'bad filter' }],
    });
    await setReply(frame, 'PUT', '/report/pages/active', {
      statusCode: 500,
      body: { message: 'boom' },
    });
    expect(await outcome(page, `${report}.setPage('P9')`)).toEqual({
      rejected: { message: 'boom' },
    });
  });

  it('setAccessToken posts the raw token and then updates config, attribute and service token', async () => {
    const settled = await outcome(
      page,
      `${report}.setAccessToken('t2').then(() => [${report}.config.accessToken, document.getElementById('c1').getAttribute('powerbi-access-token'), powerbi.accessToken])`,
    );
    const request = await nextRequest('POST', '/report/token');
    expect(request.body).toBe('t2');
    expect(settled).toEqual({ resolved: ['t2', 't2', 't2'] });
  });

  it('reload() and load() carry sdkSessionId; load(config, true) on a report uses /report/prepare', async () => {
    await outcome(page, `${report}.reload()`);
    const reload = await nextRequest('POST', '/report/load');
    expect(reload.headerKeys).toEqual(['x-sdk-type', 'x-sdk-version', 'uid', 'sdkSessionId', 'id']);
    expect(reload.headers['sdkSessionId']).toMatch(/^[0-9a-f]{20}$/);
    expect(await outcome(page, `${report}.load(${report}.config, true)`)).toEqual({
      resolved: undefined,
    });
    const prepare = await nextRequest('POST', '/report/prepare');
    expect(prepare.body).toMatchObject({
      type: 'report',
      id: 'r1',
      uniqueId: 'u1',
      accessToken: 't2',
    });
  });
});
