import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { RouteRecognizer } from '../../src/protocol/route-recognizer.ts';
import { eventRoutes } from '../../src/service-registry.ts';

/** route-recognizer 0.1.11, the matcher inside powerbi-router 0.1.5 (installed with it). */
interface ReferenceResult {
  handler: string;
  params: Record<string, string>;
}
type ReferenceRecognizer = {
  add(routes: { path: string; handler: string }[]): void;
  recognize(
    path: string,
  ): (ArrayLike<ReferenceResult> & { queryParams: Record<string, unknown> }) | undefined;
};
const ReferenceRouteRecognizer = createRequire(import.meta.url)(
  'route-recognizer',
) as new () => ReferenceRecognizer;

/** Every route the SDK and the frame register, plus catch-alls and overlapping shapes. */
const patterns = [
  '*notfound',
  '/report/*rest',
  ...eventRoutes.map(([pattern]) => pattern),
  '/ready/:uniqueId',
  'report/load',
  '/report/pages',
  '/report/pages/active',
  '/report/pages/:pageName/filters',
  '/report/pages/:pageName/visuals',
  '/report/pages/:pageName/visuals/:visualName/filters',
  '/report/pages/:pageName/layoutTypes/:layoutType',
  '/report/switchMode/:viewMode',
  '/report/:anything',
  '/:first/pages',
];

const urls = [
  '/report/load',
  'report/load/',
  '/report/pages',
  '/report/pages/',
  '/report/pages/active',
  '/report/pages/ReportSection1/filters',
  '/report/pages/P%C3%A1gina%201/visuals?x=1&y',
  '/report/pages/p/visuals/v/filters',
  '/report/pages/p/layoutTypes/MobilePortrait',
  '/report/switchMode/edit',
  '/report/print',
  '/report/unknown/deep/path',
  '/reports/u1/events/loaded',
  '/reports/u1/pages/p/events/pageChanged',
  '/reports/u1/pages/p/visuals/v/events/dataSelected',
  '/dashboards/d1/events/tileClicked',
  '/tile/t1/events/tileLoaded',
  '/qna/q1/events/visualRendered',
  '/ready/undefined',
  '/other/pages',
  '/Report/Load',
  '/completely/unknown?a=1&b[]=2&b[]=3',
  '/',
];

describe('RouteRecognizer matches route-recognizer 0.1.11', () => {
  const reference = new ReferenceRouteRecognizer();
  const ours = new RouteRecognizer<string>();
  for (const pattern of patterns) {
    reference.add([{ path: pattern, handler: pattern }]);
    ours.add(pattern, pattern);
  }

  it.each(urls)('%s', (url) => {
    const expected = reference.recognize(url);
    const actual = ours.recognize(url);
    const first = expected?.[0];
    expect(
      actual && { handler: actual.handler, params: actual.params, queryParams: actual.queryParams },
    ).toEqual(
      first && {
        handler: first.handler,
        params: { ...first.params },
        queryParams: { ...expected.queryParams },
      },
    );
  });
});
