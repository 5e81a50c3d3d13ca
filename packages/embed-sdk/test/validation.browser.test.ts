import type { Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { beforeAll, expect, it } from 'vitest';
import { basicFilter } from './support/report-api-cases.ts';
import { useOurSdk } from './support/suite.ts';

type Kind = 'embed' | 'create' | 'createMethod';
type Case = [Kind, Record<string, unknown>];

/** Bad configs for every validator field reachable through embed(), createReport() and Create.createReport(). */
function cases(frames: string): Case[] {
  const report = {
    type: 'report',
    id: 'r1',
    embedUrl: `${frames}/reportEmbed?reportId=r1`,
    accessToken: 't',
  };
  const dashboard = {
    type: 'dashboard',
    id: 'd1',
    embedUrl: `${frames}/dashboardEmbed`,
    accessToken: 't',
  };
  const tile = {
    type: 'tile',
    id: 't1',
    dashboardId: 'd1',
    embedUrl: `${frames}/embed`,
    accessToken: 't',
  };
  const qna = { type: 'qna', datasetIds: ['ds'], embedUrl: `${frames}/qnaEmbed`, accessToken: 't' };
  const visual = { ...report, type: 'visual', pageName: 'P', visualName: 'v' };
  const reportFields: Record<string, unknown>[] = [
    {},
    { accessToken: 1 },
    { id: 1 },
    { groupId: 1 },
    { settings: 'x' },
    { pageName: 1 },
    { filters: 'x' },
    { filters: [{}] },
    { filters: [{ ...basicFilter, values: 'x' }] },
    { filters: [{ ...basicFilter, target: {} }] },
    { filters: [basicFilter] },
    { permissions: 3 },
    { permissions: 'x' },
    { viewMode: 2 },
    { tokenType: 'x' },
    { tokenType: 5 },
    { bookmark: {} },
    { bookmark: { name: 1 } },
    { bookmark: { state: 's' } },
    { theme: { themeJson: 1 } },
    { theme: 'x' },
  ];
  const settingsFields: Record<string, unknown>[] = [
    { filterPaneEnabled: 'x' },
    { navContentPaneEnabled: 1 },
    { bookmarksPaneEnabled: 1 },
    { useCustomSaveAsDialog: 1 },
    { extensions: 'x' },
    { extensions: [{}] },
    { extensions: [{ command: { name: 'n', title: 't', extend: {} } }] },
    {
      extensions: [
        { command: { name: 'n', title: 't', extend: { visualContextMenu: { menuLocation: 5 } } } },
      ],
    },
    { layoutType: 9 },
    { customLayout: 'x' },
    { customLayout: { pageSize: {} } },
    { customLayout: { pageSize: { type: 6 } } },
    { customLayout: { displayOption: 7 } },
    { customLayout: { pagesLayout: { p: {} } } },
    { customLayout: { pagesLayout: { p: { visualsLayout: { v: { x: 'a' } } } } } },
    {
      customLayout: {
        pagesLayout: { p: { visualsLayout: {}, defaultLayout: { displayState: { mode: 3 } } } },
      },
    },
    { background: 5 },
    { visualSettings: 'x' },
    { visualSettings: { visualHeaders: [{}] } },
    { visualSettings: { visualHeaders: [{ settings: { visible: 'x' } }] } },
    { hideErrors: 'x' },
    { commands: 'x' },
    { commands: [{ copy: {} }] },
    { commands: [{ drill: { displayOption: 5 } }] },
    { localeSettings: { language: 'es' } },
  ];
  const withReport = (extra: Record<string, unknown>): Case => ['embed', { ...report, ...extra }];
  return [
    ['embed', {}],
    ['embed', { ...report, type: 'Report' }],
    ['embed', { type: 'report' }],
    ['embed', { type: 'report', embedUrl: report.embedUrl }],
    ['embed', { ...report, id: undefined, embedUrl: `${frames}/reportEmbed` }],
    ...reportFields.map(withReport),
    ...settingsFields.map((settings) => withReport({ settings })),
    ['embed', { ...dashboard, id: undefined }],
    ...[{}, { pageView: 'x' }, { pageView: 1 }, { tokenType: 'x' }, { groupId: 1 }].map(
      (x): Case => ['embed', { ...dashboard, ...x }],
    ),
    ['embed', { ...tile, id: undefined }],
    ...[
      {},
      { dashboardId: undefined },
      { width: 'x' },
      { height: 'x' },
      { pageView: 1 },
      { tokenType: 'x' },
    ].map((x): Case => ['embed', { ...tile, ...x }]),
    ...[
      {},
      { datasetIds: undefined },
      { datasetIds: 'x' },
      { datasetIds: [1] },
      { question: 1 },
      { viewMode: 3 },
      { settings: { filterPaneEnabled: 'x' } },
      { settings: { hideErrors: 1 } },
      { tokenType: 'x' },
      { groupId: 1 },
    ].map((x): Case => ['embed', { ...qna, ...x }]),
    ...[
      {},
      { viewMode: 2 },
      { settings: { filterPaneEnabled: 'x' } },
      { pageName: undefined },
      { visualName: '' },
    ].map((x): Case => ['embed', { ...visual, ...x }]),
    ['create', { embedUrl: `${frames}/createEmbed`, accessToken: 't' }],
    ...[
      {},
      { accessToken: 't' },
      { accessToken: 't', datasetId: 1 },
      { accessToken: 't', datasetId: 'd', groupId: 1 },
      { accessToken: 't', datasetId: 'd', tokenType: 'x' },
      { accessToken: 't', datasetId: 'd', theme: { themeJson: 1 } },
    ].map((x): Case => ['createMethod', x]),
  ];
}

/** Runs every case in a fresh detached container and reports what it threw (arrays as they are). */
function runCases(page: Page, all: Case[]): Promise<unknown[]> {
  return page.evaluate((list) => {
    type Embedder = (element: HTMLElement, config: unknown) => unknown;
    const service = (window as unknown as { powerbi: { embed: Embedder; createReport: Embedder } })
      .powerbi;
    return list.map(([kind, config]) => {
      const element = document.createElement('div');
      try {
        if (kind === 'embed') service.embed(element, config);
        else if (kind === 'create') service.createReport(element, config);
        else {
          const creator = service.createReport(element, {
            embedUrl: 'https://frame.invalid/createEmbed?datasetId=d',
            accessToken: 't',
          });
          (creator as { createReport(c: unknown): unknown }).createReport(config);
        }
        return 'no error';
      } catch (error) {
        return error instanceof Error ? `Error: ${error.message}` : error;
      }
    });
  }, all);
}

describeInBrowser('validation through embed(): same errors as powerbi-client 2.8.0', () => {
  const sdk = useOurSdk();
  let ours: unknown[];
  let official: unknown[];
  let all: Case[];

  beforeAll(async () => {
    all = cases(sdk.harness.frames.url);
    const [ourPage, officialPage] = [
      await sdk.harness.newPage('ours'),
      await sdk.harness.newPage('official'),
    ];
    [ours, official] = [await runCases(ourPage, all), await runCases(officialPage, all)];
  });

  it('throws the same error, message for message, for every case (visual name checks aside)', () => {
    const visualTarget = /^Error: (Page|Visual) name is required/;
    const compared = all.map((c, i) => [
      JSON.stringify(c),
      typeof ours[i] === 'string' && visualTarget.test(ours[i]) ? 'skip' : ours[i],
    ]);
    const expected = all.map((c, i) => [
      JSON.stringify(c),
      typeof ours[i] === 'string' && visualTarget.test(ours[i]) ? 'skip' : official[i],
    ]);
    expect(compared).toEqual(expected);
  });

  it('includes the documented messages', () => {
    const flat = ours.map((o) => (Array.isArray(o) ? (o[0] as { message: string }).message : o));
    expect(flat).toEqual(
      expect.arrayContaining([
        'Error: Attempted to embed using config {} on element <div></div>, but could not determine what type of component to embed. You must specify a type in the configuration or as an attribute such as \'powerbi-type="report"\'.',
        'Error: Attempted to embed component of type: Report but did not find any matching component.  Please verify the type you specified is intended.',
        "Error: Embed Url is required, but it was not found. You must provide an embed url either as part of embed configuration or as attribute 'powerbi-embed-url'.",
        "Error: No access token was found for element. You must specify an access token directly on the element using attribute 'powerbi-access-token' or specify a global token at: powerbi.accessToken.",
        "Error: Report id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute 'powerbi-report-id'.",
        "Error: Dashboard id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute 'powerbi-dashboard-id'.",
        'Error: Tile id is required, but it was not found. You must provide an id either as part of embed configuration.',
        'Error: Dataset id is required, but it was not found. You must provide an id either as part of embed configuration.',
        'viewMode property is invalid',
        'tokenType must be a number',
        'settings must be an object',
        'themeJson must be an object',
        'filterPaneEnabled must be a boolean',
        'dashboardId is required',
        'datasetId is required',
        'datasetIds must be an array of strings',
        'pageView must be a string with one of the following values: "actualSize", "fitToWidth", "oneColumn"',
      ]),
    );
  });

  it('reports a visual without page or visual name synchronously (2.8.0 threw later, on iframe load)', () => {
    expect(ours).toContain('Error: Page name is required when embedding a visual.');
    expect(ours).toContain(
      'Error: Visual name is required, but it was not found. You must provide a visual name as part of embed configuration.',
    );
  });
});
