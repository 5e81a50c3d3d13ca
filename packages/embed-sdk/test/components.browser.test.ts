import type { Service } from '../src/service.ts';
import type { Frame, Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { expect, it } from 'vitest';
import { frameOf, outcome, receivedBy, waitForRequest } from './support/harness.ts';
import { embedAndWait, embedInto, embedOf, reportConfig, useOurSdkPage } from './support/suite.ts';

const embedEvents = [
  'loaded',
  'saved',
  'rendered',
  'saveAsTriggered',
  'error',
  'dataSelected',
  'buttonClicked',
];
const rdlMessage = 'This API is currently not supported for RDL reports';

/** setAccessToken('t2') reaches the frame on `tokenPath`; the embed allows 2.8.0's events plus `own`. */
async function expectTokenAndEvents(page: Page, frame: Frame, tokenPath: string, own: string[]) {
  await outcome(page, `${embedOf('c1')}.setAccessToken('t2')`);
  expect((await waitForRequest(frame, 'POST', tokenPath)).body).toBe('t2');
  expect(await outcome(page, `${embedOf('c1')}.allowedEvents`)).toEqual({
    resolved: [...embedEvents, ...own],
  });
}

describeInBrowser('dashboard, tile, Q&A, visual and create embeds (our SDK)', () => {
  const state = useOurSdkPage();

  it('dashboard: /dashboard/load with default settings, /dashboard/token, its allowed events', async () => {
    const { page } = state;
    const config = {
      type: 'dashboard',
      id: 'd1',
      embedUrl: `${state.harness.frames.url}/dashboardEmbed?dashboardId=d1`,
      accessToken: 't',
      pageView: 'fitToWidth',
    };
    const frame = await embedAndWait(page, 'c1', config, '/dashboard/load');
    const load = await waitForRequest(frame, 'POST', '/dashboard/load');
    expect(load.headerKeys).toEqual(['x-sdk-type', 'x-sdk-version', 'uid', 'sdkSessionId', 'id']);
    expect(load.body).toMatchObject({
      type: 'dashboard',
      id: 'd1',
      pageView: 'fitToWidth',
      settings: { filterPaneEnabled: true },
    });
    await expectTokenAndEvents(page, frame, '/dashboard/token', ['tileClicked', 'error']);
  });

  it('tile: /tile/load with its dashboard id, /tile/token', async () => {
    const { page } = state;
    const config = {
      type: 'tile',
      id: 'tl1',
      dashboardId: 'd1',
      embedUrl: `${state.harness.frames.url}/embed?dashboardId=d1&tileId=tl1`,
      accessToken: 't',
    };
    const frame = await embedAndWait(page, 'c1', config, '/tile/load');
    expect((await waitForRequest(frame, 'POST', '/tile/load')).body).toMatchObject({
      id: 'tl1',
      dashboardId: 'd1',
    });
    await expectTokenAndEvents(page, frame, '/tile/token', ['tileClicked', 'tileLoaded']);
  });

  it('Q&A: /qna/load without settings, setQuestion resolves with the envelope, token goes to /report/token', async () => {
    const { page } = state;
    const config = {
      type: 'qna',
      datasetIds: ['ds1'],
      embedUrl: `${state.harness.frames.url}/qnaEmbed`,
      accessToken: 't',
      question: 'ventas',
    };
    const frame = await embedAndWait(page, 'c1', config, '/qna/load');
    const load = await waitForRequest(frame, 'POST', '/qna/load');
    expect(load.body).toMatchObject({ datasetIds: ['ds1'], question: 'ventas' });
    expect(load.body).not.toHaveProperty('settings');
    const settled = await outcome(page, `${embedOf('c1')}.setQuestion('margen')`);
    const interpret = await waitForRequest(frame, 'POST', '/qna/interpret');
    expect(interpret.body).toEqual({ question: 'margen' });
    expect(settled).toEqual({
      resolved: { statusCode: 202, headers: { id: interpret.headers['id'] } },
    });
    await expectTokenAndEvents(page, frame, '/report/token', ['loaded', 'visualRendered']);
  });

  it('visual: one-visual custom layout on /report/load, filters by level, getPages/setPage throw strings', async () => {
    const { page } = state;
    const config = reportConfig(state.harness, {
      type: 'visual',
      pageName: 'P1',
      visualName: 'v1',
      width: 300,
      height: 200,
    });
    const frame = await embedAndWait(page, 'c1', config);
    const load = await waitForRequest(frame, 'POST', '/report/load');
    expect((load.body as { settings: unknown }).settings).toEqual({
      filterPaneEnabled: false,
      navContentPaneEnabled: false,
      layoutType: 1,
      customLayout: {
        displayOption: 0,
        pageSize: { type: 4, width: 300, height: 200 },
        pagesLayout: {
          P1: {
            defaultLayout: { displayState: { mode: 1 } },
            visualsLayout: {
              v1: { displayState: { mode: 0 }, x: 1, y: 1, z: 1, width: 300, height: 200 },
            },
          },
        },
      },
    });
    const visual = embedOf('c1');
    await outcome(page, `${visual}.getFilters(0)`);
    await waitForRequest(frame, 'GET', '/report/filters');
    await outcome(page, `${visual}.getFilters(1)`);
    await waitForRequest(frame, 'GET', '/report/pages/P1/filters');
    await outcome(page, `${visual}.getFilters()`);
    await waitForRequest(frame, 'GET', '/report/pages/P1/visuals/v1/filters');
    await outcome(page, `${visual}.setFilters([], 1)`);
    expect((await waitForRequest(frame, 'PUT', '/report/pages/P1/filters')).body).toEqual([]);
    await outcome(page, `${visual}.removeFilters()`);
    await waitForRequest(frame, 'PUT', '/report/pages/P1/visuals/v1/filters');
    expect(await outcome(page, `${visual}.getPages()`)).toEqual({
      threw: 'Get pages is not supported while embedding a visual.',
    });
    expect(await outcome(page, `${visual}.setPage('P2')`)).toEqual({
      threw: 'Set page is not supported while embedding a visual.',
    });
    await outcome(page, `${visual}.setAccessToken('t2')`);
    await waitForRequest(frame, 'POST', '/report/token');
  });

  it('create: /report/create with the create config; a report embed then reuses the iframe and is the one registered', async () => {
    const { page } = state;
    const createConfig = {
      embedUrl: `${state.harness.frames.url}/createEmbed?datasetId=ds1`,
      accessToken: 't',
      uniqueId: 'uc',
    };
    await page.evaluate(
      (cfg) => void powerbi.createReport(document.getElementById('c1') as HTMLElement, cfg),
      createConfig,
    );
    const frame = await frameOf(page, 'c1');
    const create = await waitForRequest(frame, 'POST', '/report/create');
    expect(create.headerKeys).toEqual(['x-sdk-type', 'x-sdk-version', 'uid', 'sdkSessionId', 'id']);
    expect(create.body).toEqual({
      accessToken: 't',
      datasetId: 'ds1',
      settings: { filterPaneEnabled: true },
    });
    await embedInto(page, 'c1', reportConfig(state.harness, { uniqueId: 'ur' }));
    const load = await waitForRequest(frame, 'POST', '/report/load');
    expect(load.headers['uid']).toBe('ur');
    const registered = await outcome(
      page,
      `[powerbi.find('ur') instanceof window['powerbi-client'].Report, powerbi.find('uc'), powerbi.getNumberOfComponents()]`,
    );
    expect(registered).toEqual({ resolved: [true, undefined, 1] });
  });

  it('RDL reports: guarded calls reject with the plain string and send nothing', async () => {
    const { page } = state;
    const config = reportConfig(state.harness, {
      embedUrl: `${state.harness.frames.url}/rdlEmbed?reportId=r1`,
    });
    const frame = await embedAndWait(page, 'c1', config);
    const report = embedOf('c1');
    const guarded = [
      'getFilters()',
      'setFilters([])',
      'getPages()',
      "setPage('P')",
      'print()',
      'isSaved()',
      'applyTheme({})',
      'resetTheme()',
    ];
    const pageCalls = ["page('P').getVisuals()", "page('P').hasLayout(2)"];
    const bookmarkCalls = [
      'getBookmarks()',
      "apply('b')",
      'play(0)',
      'capture()',
      "applyState('s')",
    ].map((c) => `bookmarksManager.${c}`);
    for (const call of [
      ...guarded,
      ...pageCalls,
      ...bookmarkCalls,
      'updateSettings({ customLayout: {} })',
    ]) {
      expect(await outcome(page, `${report}.${call}`), call).toEqual({ rejected: rdlMessage });
    }
    await outcome(page, `${report}.updateSettings({ filterPaneEnabled: false })`);
    await waitForRequest(frame, 'PATCH', '/report/settings');
    expect((await receivedBy(frame)).map((r) => r.url)).toEqual([
      '/report/load',
      '/report/settings',
    ]);
  });
});

declare const powerbi: Service;
