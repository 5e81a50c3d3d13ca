/**
 * Throughput of the protocol core next to what powerbi-client 2.8.0 runs: validating a full report
 * load config (ours vs powerbi-models 1.2.1 from the 2.8.0 bundle) and recognizing inbound routes
 * (ours vs route-recognizer 0.1.11, powerbi-router's matcher). Prints operations per second.
 */
import { createRequire } from 'node:module';
import { RouteRecognizer, models } from '@vitrina/embed-sdk/protocol';

const require = createRequire(import.meta.url);
const scope = globalThis as Record<string, unknown>;
scope['window'] ??= { addEventListener() {}, removeEventListener() {} };
scope['self'] ??= scope['window'];
const reference = (require('powerbi-client/dist/powerbi.js') as { models: typeof models }).models;
const ReferenceRecognizer = require('route-recognizer') as new () => {
  add(routes: { path: string; handler: string }[]): void;
  recognize(path: string): unknown;
};

function opsPerSecond(run: () => unknown, seconds = 1): number {
  for (let warm = 0; warm < 2_000; warm++) run();
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let batch = 0; batch < 200; batch++) run();
    count += 200;
  }
  return count / ((performance.now() - start) / 1000);
}

function report(label: string, ours: number, theirs: number, theirName: string): void {
  const format = (value: number) => Math.round(value).toLocaleString('en-US').padStart(12);
  console.log(
    `${label.padEnd(34)} ours ${format(ours)} ops/s   ${theirName} ${format(theirs)} ops/s   ratio ${(ours / theirs).toFixed(2)}`,
  );
}

const column = { table: 'Ventas', column: 'Región' };
const config = {
  accessToken: 'token',
  id: 'report',
  groupId: 'group',
  settings: {
    filterPaneEnabled: false,
    navContentPaneEnabled: true,
    layoutType: 1,
    customLayout: {
      displayOption: 1,
      pagesLayout: { p1: { visualsLayout: { v1: { x: 0, y: 0, width: 10, height: 10 } } } },
    },
  },
  filters: [new models.BasicFilter(column, 'In', 'Norte', 'Sur').toJSON()],
  permissions: 7,
  viewMode: 0,
  tokenType: 1,
};
report(
  'validateReportLoad (valid, full)',
  opsPerSecond(() => models.validateReportLoad(config)),
  opsPerSecond(() => reference.validateReportLoad(config)),
  'powerbi-models 1.2.1',
);

const invalid = { ...config, settings: { ...config.settings, filterPaneEnabled: 'no' } };
report(
  'validateReportLoad (invalid)',
  opsPerSecond(() => models.validateReportLoad(invalid)),
  opsPerSecond(() => reference.validateReportLoad(invalid)),
  'powerbi-models 1.2.1',
);

const routes = [
  '/reports/:uniqueId/events/:eventName',
  '/reports/:uniqueId/pages/:pageName/events/:eventName',
  '/reports/:uniqueId/pages/:pageName/visuals/:visualName/events/:eventName',
  '/dashboards/:uniqueId/events/:eventName',
  '/tile/:uniqueId/events/:eventName',
  '/qna/:uniqueId/events/:eventName',
  '/ready/:uniqueId',
];
const ours = new RouteRecognizer<string>();
const theirs = new ReferenceRecognizer();
for (const route of routes) {
  ours.add(route, route);
  theirs.add([{ path: route, handler: route }]);
}
const url = '/reports/abc123/pages/ReportSection1/visuals/v9/events/dataSelected';
report(
  'recognize a visual event route',
  opsPerSecond(() => ours.recognize(url)),
  opsPerSecond(() => theirs.recognize(url)),
  'route-recognizer 0.1.11',
);
