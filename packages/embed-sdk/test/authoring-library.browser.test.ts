import type { Frame, Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authoringPageScript } from './support/bundles.ts';
import {
  frameOf,
  openScriptPage,
  outcome,
  receivedBy,
  setReply,
  waitForRequest,
} from './support/harness.ts';
import { embedInto, useOurSdk } from './support/suite.ts';

const visualPath = '/report/pages/P1/visuals/v1';
const layout = { x: 10, y: 20, width: 300, height: 200 };

/**
 * Microsoft's powerbi-report-authoring 1.1.3, unchanged, on our SDK through the `powerbi-client`
 * alias: it finds our Page, VisualDescriptor and Report classes, extends them, and its calls reach
 * the frame with the wire shapes and answers of Power BI's frame (recorded and answered here by
 * the recording frame, standing in for a frame that implements them).
 */
describeInBrowser('powerbi-report-authoring on our SDK', () => {
  const sdk = useOurSdk();
  let page: Page;
  let frame: Frame;

  beforeAll(async () => {
    page = await openScriptPage(sdk.harness, 'authoring', {
      body: '<div id="c1" style="width:640px;height:400px"></div>',
      script: await authoringPageScript(),
    });
    await embedInto(page, 'c1', {
      type: 'report',
      id: 'r1',
      uniqueId: 'a1',
      accessToken: 't0',
      embedUrl: `${sdk.harness.frames.url}/reportEmbed?reportId=r1`,
    });
    frame = await frameOf(page, 'c1');
    await waitForRequest(frame, 'POST', '/report/load');
    await setReply(frame, 'GET', '/report/pages', {
      statusCode: 200,
      body: [{ name: 'P1', displayName: 'Uno', isActive: true }],
    });
  });
  afterAll(async () => {
    await page?.close();
  });

  /** Runs `calls` (an expression on `report`, `page`, `visual`) and returns how it settled. */
  const run = (calls: string) =>
    outcome(
      page,
      `(async () => {
        const report = powerbi.get(document.getElementById('c1'));
        const [page] = await report.getPages();
        window.created ??= await page.createVisual('columnChart', ${JSON.stringify(layout)});
        const visual = window.created.visual;
        return ${calls};
      })()`,
    );

  /** The requests the frame received after the first `skip`. */
  const requestsAfter = async (skip: number) =>
    (await receivedBy(frame))
      .slice(skip)
      .filter((r) => r.url !== '/report/pages')
      .map(({ method, url, body, headers }) => ({ method, url, body, uid: headers['uid'] }));

  it('creates a visual: page.createVisual(type, layout) resolves { visual } with a VisualDescriptor', async () => {
    await setReply(frame, 'POST', '/report/pages/P1/createVisual', {
      statusCode: 200,
      body: { visual: { name: 'v1', title: 'Ventas', type: 'columnChart', layout } },
    });
    const before = (await receivedBy(frame)).length;
    const result = await run(
      '({ name: visual.name, title: visual.title, type: visual.type, layout: visual.layout, page: visual.page.name })',
    );
    expect(result).toEqual({
      resolved: { name: 'v1', title: 'Ventas', type: 'columnChart', layout, page: 'P1' },
    });
    expect(await requestsAfter(before)).toEqual([
      {
        method: 'POST',
        url: '/report/pages/P1/createVisual',
        body: { visualType: 'columnChart', layout },
        uid: 'a1',
      },
    ]);
  });

  it('sends data fields, properties, type changes and capabilities on the visual as Power BI’s frame expects', async () => {
    const before = (await receivedBy(frame)).length;
    const category = { table: 'Ventas', column: 'Región' };
    const measure = { table: 'Ventas', measure: 'Total' };
    const title = { objectName: 'title', propertyName: 'titleText' };
    const value = {
      schema: 'http://powerbi.com/product/schema#property',
      value: 'Ventas por región',
    };
    const result = await run(`Promise.all([
      visual.addDataField('Category', ${JSON.stringify(category)}),
      visual.addDataField('Y', ${JSON.stringify(measure)}, 0),
      visual.getDataFields('Category'),
      visual.removeDataField('Y', 0),
      visual.setProperty(${JSON.stringify(title)}, ${JSON.stringify(value)}),
      visual.getProperty(${JSON.stringify(title)}),
      visual.resetProperty({ objectName: 'labels', propertyName: 'show' }),
      visual.changeType('barChart'),
      visual.getCapabilities(),
      page.deleteVisual('v1'),
    ]).then(() => 'done')`);
    expect(result).toEqual({ resolved: 'done' });
    const defaultValue = { schema: 'http://powerbi.com/product/schema#default', value: {} };
    expect(await requestsAfter(before)).toEqual(
      [
        ['POST', `${visualPath}/dataroles/Category/fields/undefined`, category],
        ['POST', `${visualPath}/dataroles/Y/fields/0`, measure],
        ['GET', `${visualPath}/dataroles/Category/fields`, undefined],
        ['DELETE', `${visualPath}/dataroles/Y/fields/0`, 0],
        ['PUT', `${visualPath}/property`, { selector: title, value }],
        ['POST', `${visualPath}/property`, title],
        [
          'PUT',
          `${visualPath}/property`,
          { selector: { objectName: 'labels', propertyName: 'show' }, value: defaultValue },
        ],
        ['POST', `${visualPath}/changeType`, { visualType: 'barChart' }],
        ['GET', '/report/visuals/types/columnChart/capabilities', undefined],
        ['POST', '/report/pages/P1/deleteVisual', { visualName: 'v1' }],
      ].map(([method, url, body]) => ({ method, url, body, uid: 'a1' })),
    );
  });

  it('rejects with the frame’s error body, as on powerbi-client', async () => {
    const errors = [{ message: 'visualType is not supported' }];
    await setReply(frame, 'POST', `${visualPath}/changeType`, { statusCode: 400, body: errors });
    expect(await run(`visual.changeType('nope')`)).toEqual({ rejected: errors });
  });
});
