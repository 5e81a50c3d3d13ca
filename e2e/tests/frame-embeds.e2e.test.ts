import { describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
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
        const page = await hostPage.openHost(harness(), flavour);
        await hostPage.embed(page, await dashboardConfig('fitToWidth'));
        await hostPage.waitForEvent(page, 'rendered');
        const tiles = hostPage.frameOf(page).locator('.tile');
        expect(await tiles.count()).toBe(6);
        const first = tiles.first();
        const tileId = await first.getAttribute('data-tile-id');
        await first.click();
        const clicked = await hostPage.waitForEvent(page, 'tileClicked');
        expect((clicked.detail as { tileId: string }).tileId).toBe(tileId);
        await hostPage.screenshot(page, `frame-dashboard-${flavour}`);
        await page.close();
      });

      test('dashboard page views: one column stacks the tiles, actual size keeps their size', async () => {
        const page = await hostPage.openHost(harness(), flavour);
        await hostPage.embed(page, await dashboardConfig('oneColumn'));
        await hostPage.waitForEvent(page, 'rendered');
        const boxes = await hostPage
          .frameOf(page)
          .locator('.tile')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
        expect(new Set(boxes).size).toBe(1);
        await hostPage.embed(page, await dashboardConfig('actualSize'));
        await hostPage.waitForEvent(page, 'rendered', 2);
        expect(
          await hostPage.frameOf(page).locator('.dashboard').getAttribute('data-page-view'),
        ).toBe('actualSize');
        await page.close();
      });

      test('a single tile posts tileLoaded and tileClicked', async () => {
        const page = await hostPage.openHost(harness(), flavour, { width: 600, height: 400 });
        const dashboard = await harness().rest.firstDashboard(groupId());
        const [tile] = await harness().rest.tiles(groupId(), dashboard.id);
        const accessToken = await harness().rest.embedToken(
          `/groups/${groupId()}/dashboards/${dashboard.id}/tiles/${tile!.id}`,
        );
        await hostPage.embed(page, {
          type: 'tile',
          id: tile!.id,
          dashboardId: dashboard.id,
          embedUrl: tile!.embedUrl,
          accessToken,
          tokenType: 1,
        });
        const loaded = await hostPage.waitForEvent(page, 'tileLoaded');
        expect((loaded.detail as { tileId: string }).tileId).toBe(tile!.id);
        expect(await hostPage.frameOf(page).locator('.tile').count()).toBe(1);
        await hostPage.frameOf(page).locator('.tile').click();
        expect(
          ((await hostPage.waitForEvent(page, 'tileClicked')).detail as { tileId: string }).tileId,
        ).toBe(tile!.id);
        await hostPage.screenshot(page, `frame-tile-${flavour}`);
        await page.close();
      });

      test('a single visual fills the frame through the custom layout', async () => {
        const page = await hostPage.openHost(harness(), flavour, { width: 640, height: 360 });
        await hostPage.embed(page, {
          ...hostPage.reportConfig(sales()),
          type: 'visual',
          pageName: 'ReportSection1',
          visualName: 'VisualContainer10',
        });
        await hostPage.waitForEvent(page, 'rendered');
        const visuals = hostPage.frameOf(page).locator('.visual');
        expect(await visuals.count()).toBe(1);
        expect(await visuals.getAttribute('data-visual-name')).toBe('VisualContainer10');
        expect(await hostPage.frameOf(page).locator('.page-nav').count()).toBe(0);
        const width = await visuals.evaluate((el) => el.getBoundingClientRect().width);
        expect(width).toBeGreaterThan(600);
        await hostPage.screenshot(page, `frame-visual-${flavour}`);
        await page.close();
      });

      test('a paginated report prints a paged table; report-only calls are refused', async () => {
        const page = await hostPage.openHost(harness(), flavour);
        const report = await harness().rest.paginatedReport(groupId());
        const accessToken = await harness().rest.embedToken(
          `/groups/${groupId()}/reports/${report.id}`,
        );
        await hostPage.embed(page, {
          type: 'report',
          id: report.id,
          embedUrl: report.embedUrl,
          accessToken,
          tokenType: 1,
        });
        await hostPage.waitForEvent(page, 'rendered');
        const frame = hostPage.frameOf(page);
        expect(await frame.locator('.paginated-page tbody tr').count()).toBe(20);
        await frame.getByRole('button', { name: /Siguiente/ }).click();
        expect(await frame.locator('.paginated-page').getAttribute('data-page-index')).toBe('1');
        const guard = await hostPage.callRejection(page, 'return embedded.getPages()');
        expect(guard).toBe('This API is currently not supported for RDL reports');
        await hostPage.screenshot(page, `frame-paginated-${flavour}`);
        // The SDK's RDL guard refuses print(), so ask the frame directly, as a host could.
        await hostPage.call(
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
        const page = await hostPage.openHost(harness(), flavour, { width: 900, height: 500 });
        const report = await harness().rest.report(groupId(), 'Ventas generales');
        const accessToken = await harness().rest.datasetToken([report.datasetId!]);
        await hostPage.embed(page, {
          type: 'qna',
          embedUrl: `${harness().bi.url}/qnaEmbed?groupId=${groupId()}`,
          accessToken,
          tokenType: 1,
          datasetIds: [report.datasetId],
          viewMode: 0,
          question: 'ventas por país',
        });
        await hostPage.waitForEvent(page, 'visualRendered');
        const frame = hostPage.frameOf(page);
        expect(await frame.locator('.qna-title').textContent()).toMatch(/País/);
        expect(await frame.locator('.qna-answer .chart svg').count()).toBeGreaterThan(0);
        await hostPage.call(page, "return embedded.setQuestion('ventas por canal')");
        const second = await hostPage.waitForEvent(page, 'visualRendered', 2);
        expect((second.detail as { question: string }).question).toBe('ventas por canal');
        expect(await frame.locator('.qna-title').textContent()).toMatch(/Canal/);
        await hostPage.screenshot(page, `frame-qna-${flavour}`);
        await page.close();
      });

      test('mobile portrait uses the page phone layout, in one column', async () => {
        const page = await hostPage.openHost(harness(), flavour, { width: 390, height: 760 });
        await hostPage.embed(page, hostPage.reportConfig(sales(), { settings: { layoutType: 2 } }));
        await hostPage.waitForEvent(page, 'rendered');
        const frame = hostPage.frameOf(page);
        expect(frame.url()).toContain('isMobile=true');
        const widths = await frame
          .locator('.visual')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
        expect(Math.max(...widths)).toBeLessThanOrEqual(391);
        await hostPage.screenshot(page, `frame-mobile-${flavour}`);
        await page.close();
      });

      test('English texts and number formats, transparent background, hidden visual headers', async () => {
        const page = await hostPage.openHost(harness(), flavour);
        const settings = {
          localeSettings: { language: 'en', formatLocale: 'en-US' },
          background: 1,
          visualSettings: { visualHeaders: [{ settings: { visible: false } }] },
        };
        await hostPage.embed(page, hostPage.reportConfig(sales(), { settings }));
        await hostPage.waitForEvent(page, 'rendered');
        const frame = hostPage.frameOf(page);
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
        const page = await hostPage.openHost(harness(), flavour, { width: 900, height: 700 });
        await hostPage.embed(
          page,
          hostPage.reportConfig(sales(), { settings: { filterPaneEnabled: false } }),
        );
        await hostPage.waitForEvent(page, 'rendered');
        const canvasWidth = () =>
          hostPage
            .frameOf(page)
            .locator('.page-canvas')
            .evaluate((el) => el.getBoundingClientRect().width);
        await hostPage.rerender(page, () =>
          hostPage.call(
            page,
            'return embedded.updateSettings({ layoutType: 1, customLayout: { displayOption: 2 } })',
          ),
        );
        expect(await canvasWidth()).toBe(1280);
        await hostPage.rerender(page, () =>
          hostPage.call(
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
