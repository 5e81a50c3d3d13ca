import { describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import {
  call,
  callRejection,
  embed,
  frameOf,
  openHost,
  reportConfig,
  rerender,
  screenshot,
  waitForEvent,
} from '../src/frame/harness.ts';
import { useSalesReport } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

for (const flavour of ['official', 'ours'] as const) {
  describe.skipIf(!chromiumAvailable)(
    `dashboards, tiles, visuals and paginated reports with the ${flavour} SDK`,
    () => {
      const { harness, sales } = useSalesReport();
      /** Comercial, the sales report's workspace, which holds the other demo embeds too. */
      const groupId = () => sales().groupId;

      async function dashboardConfig(pageView: string) {
        const dashboard = await harness().rest.firstDashboard(groupId());
        const accessToken = await harness().rest.embedToken(
          `/groups/${groupId()}/dashboards/${dashboard.id}`,
        );
        return {
          type: 'dashboard',
          id: dashboard.id,
          embedUrl: dashboard.embedUrl,
          accessToken,
          tokenType: 1,
          pageView,
        };
      }

      test('a dashboard shows its tiles and posts tileClicked', async () => {
        const page = await openHost(harness(), flavour);
        await embed(page, await dashboardConfig('fitToWidth'));
        await waitForEvent(page, 'rendered');
        const tiles = frameOf(page).locator('.tile');
        expect(await tiles.count()).toBe(6);
        const first = tiles.first();
        const tileId = await first.getAttribute('data-tile-id');
        await first.click();
        const clicked = await waitForEvent(page, 'tileClicked');
        expect((clicked.detail as { tileId: string }).tileId).toBe(tileId);
        await screenshot(page, `frame-dashboard-${flavour}`);
        await page.close();
      });

      test('dashboard page views: one column stacks the tiles, actual size keeps their size', async () => {
        const page = await openHost(harness(), flavour);
        await embed(page, await dashboardConfig('oneColumn'));
        await waitForEvent(page, 'rendered');
        const boxes = await frameOf(page)
          .locator('.tile')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
        expect(new Set(boxes).size).toBe(1);
        await embed(page, await dashboardConfig('actualSize'));
        await waitForEvent(page, 'rendered', 2);
        expect(await frameOf(page).locator('.dashboard').getAttribute('data-page-view')).toBe(
          'actualSize',
        );
        await page.close();
      });

      test('a single tile posts tileLoaded and tileClicked', async () => {
        const page = await openHost(harness(), flavour, { width: 600, height: 400 });
        const dashboard = await harness().rest.firstDashboard(groupId());
        const [tile] = await harness().rest.tiles(groupId(), dashboard.id);
        const accessToken = await harness().rest.embedToken(
          `/groups/${groupId()}/dashboards/${dashboard.id}/tiles/${tile!.id}`,
        );
        await embed(page, {
          type: 'tile',
          id: tile!.id,
          dashboardId: dashboard.id,
          embedUrl: tile!.embedUrl,
          accessToken,
          tokenType: 1,
        });
        const loaded = await waitForEvent(page, 'tileLoaded');
        expect((loaded.detail as { tileId: string }).tileId).toBe(tile!.id);
        expect(await frameOf(page).locator('.tile').count()).toBe(1);
        await frameOf(page).locator('.tile').click();
        expect(
          ((await waitForEvent(page, 'tileClicked')).detail as { tileId: string }).tileId,
        ).toBe(tile!.id);
        await screenshot(page, `frame-tile-${flavour}`);
        await page.close();
      });

      test('a single visual fills the frame through the custom layout', async () => {
        const page = await openHost(harness(), flavour, { width: 640, height: 360 });
        await embed(page, {
          ...reportConfig(sales()),
          type: 'visual',
          pageName: 'ReportSection1',
          visualName: 'VisualContainer10',
        });
        await waitForEvent(page, 'rendered');
        const visuals = frameOf(page).locator('.visual');
        expect(await visuals.count()).toBe(1);
        expect(await visuals.getAttribute('data-visual-name')).toBe('VisualContainer10');
        expect(await frameOf(page).locator('.page-nav').count()).toBe(0);
        const width = await visuals.evaluate((el) => el.getBoundingClientRect().width);
        expect(width).toBeGreaterThan(600);
        await screenshot(page, `frame-visual-${flavour}`);
        await page.close();
      });

      test('a paginated report prints a paged table; report-only calls are refused', async () => {
        const page = await openHost(harness(), flavour);
        const report = await harness().rest.paginatedReport(groupId());
        const accessToken = await harness().rest.embedToken(
          `/groups/${groupId()}/reports/${report.id}`,
        );
        await embed(page, {
          type: 'report',
          id: report.id,
          embedUrl: report.embedUrl,
          accessToken,
          tokenType: 1,
        });
        await waitForEvent(page, 'rendered');
        const frame = frameOf(page);
        expect(await frame.locator('.paginated-page tbody tr').count()).toBe(20);
        await frame.getByRole('button', { name: /Siguiente/ }).click();
        expect(await frame.locator('.paginated-page').getAttribute('data-page-index')).toBe('1');
        const guard = await callRejection(page, 'return embedded.getPages()');
        expect(guard).toBe('This API is currently not supported for RDL reports');
        await screenshot(page, `frame-paginated-${flavour}`);
        // The SDK's RDL guard refuses print(), so ask the frame directly, as a host could.
        await call(
          page,
          'return embedded.service.hpm.post("/report/print", null, { uid: embedded.config.uniqueId }, embedded.iframe.contentWindow)',
        );
        const pageCount = Number(
          (await frame.locator('.paginated-nav span').textContent())?.split(' ').pop(),
        );
        expect(await frame.evaluate(() => document.documentElement.dataset['printedPages'])).toBe(
          String(pageCount),
        );
        await page.close();
      });

      test('a Q&A box answers its question with a drawn visual, and setQuestion asks again', async () => {
        const page = await openHost(harness(), flavour, { width: 900, height: 500 });
        const report = await harness().rest.report(groupId(), 'Ventas generales');
        const accessToken = await harness().rest.datasetToken([report.datasetId!]);
        await embed(page, {
          type: 'qna',
          embedUrl: `${harness().bi.url}/qnaEmbed?groupId=${groupId()}`,
          accessToken,
          tokenType: 1,
          datasetIds: [report.datasetId],
          viewMode: 0,
          question: 'ventas por país',
        });
        await waitForEvent(page, 'visualRendered');
        const frame = frameOf(page);
        expect(await frame.locator('.qna-title').textContent()).toMatch(/País/);
        expect(await frame.locator('.qna-answer .chart svg').count()).toBeGreaterThan(0);
        await call(page, "return embedded.setQuestion('ventas por canal')");
        const second = await waitForEvent(page, 'visualRendered', 2);
        expect((second.detail as { question: string }).question).toBe('ventas por canal');
        expect(await frame.locator('.qna-title').textContent()).toMatch(/Canal/);
        await screenshot(page, `frame-qna-${flavour}`);
        await page.close();
      });

      test('mobile portrait uses the page phone layout, in one column', async () => {
        const page = await openHost(harness(), flavour, { width: 390, height: 760 });
        await embed(page, reportConfig(sales(), { settings: { layoutType: 2 } }));
        await waitForEvent(page, 'rendered');
        const frame = frameOf(page);
        expect(frame.url()).toContain('isMobile=true');
        const widths = await frame
          .locator('.visual')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
        expect(Math.max(...widths)).toBeLessThanOrEqual(391);
        await screenshot(page, `frame-mobile-${flavour}`);
        await page.close();
      });

      test('English texts and number formats, transparent background, hidden visual headers', async () => {
        const page = await openHost(harness(), flavour);
        const settings = {
          localeSettings: { language: 'en', formatLocale: 'en-US' },
          background: 1,
          visualSettings: { visualHeaders: [{ settings: { visible: false } }] },
        };
        await embed(page, reportConfig(sales(), { settings }));
        await waitForEvent(page, 'rendered');
        const frame = frameOf(page);
        expect(await frame.locator('.filter-pane-toggle').textContent()).toBe('Filters');
        expect(
          await frame
            .locator('[data-visual-name="VisualContainer5"] [data-testid="card-value"]')
            .textContent(),
        ).toMatch(/^\d+\.\d%$/);
        expect(await frame.locator('.report.transparent').count()).toBe(1);
        expect(await frame.locator('.visual-header').count()).toBe(0);
        await page.close();
      });

      test('display options: fit to width and actual size through updateSettings', async () => {
        const page = await openHost(harness(), flavour, { width: 900, height: 700 });
        await embed(page, reportConfig(sales(), { settings: { filterPaneEnabled: false } }));
        await waitForEvent(page, 'rendered');
        const canvasWidth = () =>
          frameOf(page)
            .locator('.page-canvas')
            .evaluate((el) => el.getBoundingClientRect().width);
        await rerender(page, () =>
          call(
            page,
            'return embedded.updateSettings({ layoutType: 1, customLayout: { displayOption: 2 } })',
          ),
        );
        expect(await canvasWidth()).toBe(1280);
        await rerender(page, () =>
          call(
            page,
            'return embedded.updateSettings({ layoutType: 1, customLayout: { displayOption: 1 } })',
          ),
        );
        expect(Math.round(await canvasWidth())).toBeLessThanOrEqual(900);
        expect(Math.round(await canvasWidth())).toBeGreaterThan(850);
        await page.close();
      });
    },
  );
}
