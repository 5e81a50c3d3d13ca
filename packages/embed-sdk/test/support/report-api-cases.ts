import type { FrameReply } from './harness.ts';
import { embedOf } from './suite.ts';

/** Host-side expressions for the report under test (in container #c1) and its parts. */
export const report = embedOf('c1');
const page1 = `${report}.page('P1')`;
const visual1 = `new (window['powerbi-client'].VisualDescriptor)(${page1}, 'v1', 'Ventas', 'barChart')`;
const bookmarks = `${report}.bookmarksManager`;
/** A valid basic filter, as hosts send it. */
export const basicFilter = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 't', column: 'c' },
  operator: 'In',
  values: [1],
  filterType: 1,
};

export interface ApiCase {
  call: string;
  method: string;
  url: string;
  /** Expected request body; `'absent'` when the message must have no body property. */
  body: unknown;
  reply?: FrameReply;
  /** `body`: resolves with the reply's body; `envelope`: with the whole reply; or an exact value. */
  resolves: 'body' | 'envelope' | { value: unknown };
}

/**
 * What a report, a page and a visual each answer alike: `getFilters` reads the holder's filters
 * (the frame replies `replied`), `setFilters` puts `set` and `removeFilters` puts an empty list.
 */
function filterCases(
  holder: string,
  url: string,
  { replied, set }: { replied: unknown[]; set: unknown[] },
): ApiCase[] {
  return [
    {
      call: `${holder}.getFilters()`,
      method: 'GET',
      url,
      body: 'absent',
      reply: { statusCode: 200, body: replied },
      resolves: 'body',
    },
    {
      call: `${holder}.setFilters(${JSON.stringify(set)})`,
      method: 'PUT',
      url,
      body: set,
      resolves: 'envelope',
    },
    { call: `${holder}.removeFilters()`, method: 'PUT', url, body: [], resolves: 'envelope' },
  ];
}

export const cases: ApiCase[] = [
  ...filterCases(report, '/report/filters', { replied: [basicFilter], set: [basicFilter] }),
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
  ...filterCases(page1, '/report/pages/P1/filters', { replied: [basicFilter], set: [] }),
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
  ...filterCases(visual1, '/report/pages/P1/visuals/v1/filters', { replied: [], set: [] }),
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
