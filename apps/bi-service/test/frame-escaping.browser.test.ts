/**
 * Dataset values are text, never markup: a report over a text value like `<img src=x …>` draws it
 * in every visual type, and each label and tooltip shows it as text, with no element it could
 * have made (issue 17).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, launchBrowser, warnBrowserSkipped } from '@vitrina/e2e/browser';
import { PowerBiRest } from '../../../e2e/src/frame/bi-service.ts';
import { call, embed, frameOf, waitForEvent } from '../../../e2e/src/frame/harness.ts';
import { startHostServer, type HostServer } from '../../../e2e/src/frame/host-server.ts';
import {
  escapingPages,
  markup,
  reportId,
  startEscapingService,
  type EscapingService,
} from './markup-report.ts';

const frameBuilt = existsSync(resolve(import.meta.dirname, '../../report-frame/dist/index.html'));
if (!chromiumAvailable) warnBrowserSkipped();

/** Visuals that draw only numbers, so none of the dataset's text is there to check. */
const NUMBERS_ONLY = new Set(['card', 'multiRowCard', 'kpi', 'gauge']);
const drawnTypes = new Set(escapingPages.flatMap((page) => page.visuals.map(({ type }) => type)));
/** Visuals that show the dataset's text in a label: axis, legend, data label or cell (a scatter chart's points have none). */
const LABELLED = new Set(
  [...drawnTypes].filter((type) => !NUMBERS_ONLY.has(type) && type !== 'scatterChart'),
);
/** Charts whose tooltip names the data point (tables and slicers have no tooltip). */
const TOOLTIPPED = new Set([...LABELLED, 'scatterChart']);
TOOLTIPPED.delete('tableEx');
TOOLTIPPED.delete('pivotTable');
TOOLTIPPED.delete('slicer');

/**
 * Moves the mouse onto the chart's largest filled shape (a bar, slice, tile, point), just inside
 * its top edge; a chart without one (a line's single point is a dot) is hovered in its middle,
 * where its axis tooltip shows.
 */
async function hoverData(page: Page, frame: Frame, visualName: string): Promise<void> {
  const chart = frame.locator(`[data-visual-name="${visualName}"] .chart`).first();
  const point = await chart.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let best: { x: number; y: number; width: number; height: number } | null = null;
    for (const path of element.querySelectorAll('svg path')) {
      const fill = path.getAttribute('fill') ?? 'none';
      // Skip strokes, white symbols and the invisible hit areas of legend items.
      if (/^(none|transparent|#fff(fff)?)$/i.test(fill)) continue;
      if (path.getAttribute('fill-opacity') === '0') continue;
      const rect = path.getBoundingClientRect();
      const area = rect.width * rect.height;
      if (area > 100 && (!best || area > best.width * best.height)) best = rect;
    }
    return best
      ? { x: best.x + best.width / 2, y: best.y + Math.min(6, best.height / 2) }
      : { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
  const frameBox = await page.locator('#embed iframe').boundingBox();
  await page.mouse.move((frameBox?.x ?? 0) + point.x, (frameBox?.y ?? 0) + point.y, { steps: 4 });
}

/** The markup written out as text, whole or cut by an ellipsis after its tag's opening. */
function showsMarkupAsText(text: string): boolean {
  if (text.includes(markup)) return true;
  const cut = /<img src=x[^…]*…/.exec(text);
  return cut !== null && markup.startsWith(cut[0].slice(0, -1));
}

describe.skipIf(!chromiumAvailable || !frameBuilt)(
  'dataset values in the report frame',
  { timeout: 120_000 },
  () => {
    let host: HostServer;
    let bi: EscapingService;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      host = await startHostServer();
      [bi, browser] = await Promise.all([startEscapingService(host.origin), launchBrowser()]);
      const rest = new PowerBiRest(bi.service.url);
      await rest.signIn();
      const groupId = await rest.groupId('Comercial');
      const accessToken = await rest.embedToken(`/groups/${groupId}/reports/${reportId}`);
      page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(host.pageUrl('official'));
      await embed(page, {
        type: 'report',
        id: reportId,
        embedUrl: `${bi.service.url}/reportEmbed?reportId=${reportId}&groupId=${groupId}`,
        accessToken,
        tokenType: 1,
        settings: { filterPaneEnabled: false },
      });
      await waitForEvent(page, 'rendered');
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await bi?.close();
      await host?.stop();
    });

    test('every visual shows markup from the data as text in its labels and tooltips', async () => {
      const frame = frameOf(page);
      const checked: string[] = [];
      for (const [index, reportPage] of escapingPages.entries()) {
        if (index > 0) {
          await call(page, `return embedded.setPage('${reportPage.name}')`);
          await waitForEvent(page, 'rendered', index + 1);
        }
        await frame.locator(`.page-canvas[data-page-name="${reportPage.name}"]`).waitFor();
        for (const { name, type } of reportPage.visuals) {
          const container = frame.locator(`[data-visual-name="${name}"]`);
          await container.waitFor();
          expect(await container.locator('.visual-error').count(), type).toBe(0);
          // A chart lays its labels out again once it has its final size: wait for that. A long
          // category label ends in an ellipsis (decision 0232); its text up to there is the markup's,
          // and the tooltip below still shows all of it.
          if (LABELLED.has(type))
            await expect
              .poll(async () => showsMarkupAsText((await container.textContent()) ?? ''), {
                message: type,
              })
              .toBe(true);
          if (TOOLTIPPED.has(type)) {
            await hoverData(page, frame, name);
            const tooltip = container.locator('.chart-tooltip').first();
            // The mouse crosses other shapes on its way: the tooltip follows it to the last one.
            await expect
              .poll(() => tooltip.textContent(), { message: `${type} tooltip` })
              .toContain(markup);
            expect(await tooltip.locator('img').count(), `${type} tooltip`).toBe(0);
          }
          checked.push(type);
        }
        // Nothing the markup could have become exists anywhere in the frame.
        expect(await frame.locator('img').count(), reportPage.name).toBe(0);
      }
      expect(checked).toHaveLength(20);
    });
  },
);
