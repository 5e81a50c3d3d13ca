import type { DatasetSchema, ReportDefinition } from '@vitrina/bi-model';
import { openingPageQueries } from '@vitrina/bi-model/visual-queries';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { expiredCopy } from '../src/frame/bi-service.ts';
import { useSalesReport } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

/** Waits for the host's error event and checks its code and message, and what the frame shows. */
async function expectFrameError(
  page: Page,
  detail: { errorCode: string; message: string },
  shown: { selector: string; text: string },
) {
  const error = await hostPage.waitForEvent(page, 'error');
  expect(error.detail).toMatchObject(detail);
  expect(await hostPage.frameOf(page).locator(shown.selector).textContent()).toBe(shown.text);
}

for (const flavour of ['official', 'ours'] as const) {
  describe.skipIf(!chromiumAvailable)(`report frame loading with the ${flavour} SDK`, () => {
    const { harness, sales } = useSalesReport();

    test('loaded then rendered; the token only ever goes to the BI service', async () => {
      const { page, requests } = await hostPage.openReportLoadedThenRendered(
        harness(),
        flavour,
        sales(),
      );
      const frame = hostPage.frameOf(page);
      expect(await frame.locator('.page-tab[aria-current="page"]').textContent()).toBe('Resumen');
      expect(await hostPage.cardText(page, 'VisualContainer4')).toMatch(/\d/);
      expect(requests.every((url) => url.startsWith(harness().bi.url))).toBe(true);
      expect(JSON.stringify(await hostPage.events(page))).not.toContain(sales().accessToken);
      await hostPage.screenshot(page, `frame-load-${flavour}`);
      await page.close();
    });

    test('the load config sets filters, theme and the bookmark to open with', async () => {
      const page = await hostPage.openHost(harness(), flavour);
      const peru = hostPage.basicFilter('Tienda', 'País', ['Perú']);
      const theme = { themeJson: { name: 'Prueba', dataColors: ['#112233', '#445566'] } };
      await hostPage.embed(
        page,
        hostPage.reportConfig(sales(), { filters: [peru], theme, bookmark: { name: 'Bookmark3' } }),
      );
      await hostPage.waitForEvent(page, 'rendered');
      const frame = hostPage.frameOf(page);
      expect(await frame.locator('.page-tab[aria-current="page"]').textContent()).toBe(
        'Tendencias',
      );
      expect(await frame.locator('.report').getAttribute('data-theme-colors')).toBe(
        '#112233 #445566',
      );
      const filters = await hostPage.call<{ values?: unknown[] }[]>(
        page,
        'return embedded.getFilters()',
      );
      expect(filters.some((f) => JSON.stringify(f.values) === '["Perú"]')).toBe(true);
      await page.close();
    });

    test('asks the BI service to start the opening page, with the very queries it then sends', async () => {
      const page = await hostPage.openHost(harness(), flavour);
      const batches: unknown[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/queries')) batches.push(request.postDataJSON());
      });
      const requests = hostPage.frameRequests(page);
      await hostPage.embed(page, hostPage.reportConfig(sales()));
      await hostPage.waitForEvent(page, 'rendered');
      const reportRead = requests.find((url) => url.includes('/v1.0/embed/reports/'));
      expect(new URL(reportRead!).searchParams.get('startPage')).toBe('');
      const report = (await (
        await fetch(`${harness().bi.url}/v1.0/embed/reports/${sales().id}`, {
          headers: { authorization: `EmbedToken ${sales().accessToken}` },
        })
      ).json()) as { definition: ReportDefinition; dataset: DatasetSchema };
      expect(batches[0]).toEqual({
        queries: openingPageQueries(report.definition, report.dataset),
      });

      // Filters in the load change the page's queries: nothing is started for them.
      const filtered = await hostPage.openHost(harness(), flavour);
      const filteredRequests = hostPage.frameRequests(filtered);
      await hostPage.embed(
        filtered,
        hostPage.reportConfig(sales(), {
          filters: [hostPage.basicFilter('Tienda', 'País', ['Perú'])],
        }),
      );
      await hostPage.waitForEvent(filtered, 'rendered');
      const filteredRead = filteredRequests.find((url) => url.includes('/v1.0/embed/reports/'));
      expect(new URL(filteredRead!).searchParams.has('startPage')).toBe(false);
      await Promise.all([page.close(), filtered.close()]);
    });

    test('a phased load prepares, then renders on render()', async () => {
      const page = await hostPage.openHost(harness(), flavour);
      await hostPage.embed(page, hostPage.reportConfig(sales()), 'load');
      await hostPage.waitForEvent(page, 'loaded');
      expect(await hostPage.events(page, 'rendered')).toEqual([]);
      expect(await hostPage.frameOf(page).locator('.visual').count()).toBe(0);
      await hostPage.call(page, 'return embedded.render()');
      await hostPage.waitForEvent(page, 'rendered');
      expect(await hostPage.frameOf(page).locator('.visual').count()).toBeGreaterThan(0);
      await page.close();
    });

    test('embedding again on the same element loads the new config with a new uid', async () => {
      const page = await hostPage.openRenderedReport(harness(), flavour, sales());
      await hostPage.embed(page, hostPage.reportConfig(sales(), { pageName: 'ReportSection2' }));
      await hostPage.waitForEvent(page, 'loaded', 2);
      await hostPage.waitForEvent(page, 'rendered', 2);
      expect(
        await hostPage.frameOf(page).locator('.page-tab[aria-current="page"]').textContent(),
      ).toBe('Tendencias');
      expect(
        await hostPage.call(
          page,
          'return (await embedded.getPages()).find((p) => p.isActive).name',
        ),
      ).toBe('ReportSection2');
      await page.close();
    });

    test('reload() loads the same config again: loaded and rendered follow', async () => {
      const page = await hostPage.openRenderedReport(harness(), flavour, sales());
      // The SDK's front-loaded copy of the first config still loads once.
      expect(await hostPage.events(page, 'loaded')).toHaveLength(1);
      const rendered = (await hostPage.events(page, 'rendered')).length;
      await hostPage.call(page, 'return embedded.reload()');
      await hostPage.waitForEvent(page, 'loaded', 2);
      await hostPage.waitForEvent(page, 'rendered', rendered + 1);
      expect(await hostPage.cardText(page, 'VisualContainer4')).toMatch(/\d/);
      await page.close();
    });

    test('a new token is accepted and used for the next queries', async () => {
      const page = await hostPage.openRenderedReport(harness(), flavour, sales());
      const fresh = await harness().rest.embedToken(
        `/groups/${sales().groupId}/reports/${sales().id}`,
      );
      await hostPage.call(page, `return embedded.setAccessToken(${JSON.stringify(fresh)})`);
      await hostPage.rerender(page, () => hostPage.call(page, 'return embedded.refresh()'));
      const rejected = await hostPage.callRejection(
        page,
        'return embedded.service.hpm.post("/report/token", 42, { uid: embedded.config.uniqueId }, embedded.iframe.contentWindow)',
      );
      expect(rejected).toEqual({
        statusCode: 400,
        headers: expect.anything(),
        body: [{ message: 'accessToken must be a string' }],
      });
      await page.close();
    });

    test('an invalid load config is answered 400 with the validator errors', async () => {
      const page = await hostPage.openRenderedReport(harness(), flavour, sales());
      const rejection = await hostPage.callRejection(
        page,
        `return embedded.load({ ...embedded.config, viewMode: 2 })`,
      );
      expect(rejection).toEqual([{ message: 'viewMode property is invalid' }]);
      await page.close();
    });

    test('unknown routes are answered 404, and requests from other windows are ignored', async () => {
      const page = await hostPage.openRenderedReport(harness(), flavour, sales());
      const frame = hostPage.frameOf(page);
      await frame.evaluate(() => {
        const w = window as unknown as { strayReplies: unknown[] };
        w.strayReplies = [];
        window.addEventListener('message', (event) => {
          if (event.source === window) w.strayReplies.push(event.data);
        });
        window.postMessage({ method: 'GET', url: '/report/pages', headers: { id: 'stray' } }, '*');
      });
      const unknown = await hostPage.callRejection(
        page,
        'return embedded.service.hpm.get("/report/nothing", { uid: embedded.config.uniqueId }, embedded.iframe.contentWindow)',
      );
      expect((unknown as { statusCode: number; body: string }).statusCode).toBe(404);
      expect((unknown as { body: string }).body).toBe('Route not found: GET /report/nothing');
      const stray = await frame.evaluate(
        () => (window as unknown as { strayReplies: unknown[] }).strayReplies,
      );
      expect(stray).toEqual([{ method: 'GET', url: '/report/pages', headers: { id: 'stray' } }]);
      await page.close();
    });

    test('a bad token: error event with the code and a Spanish message on screen', async () => {
      const page = await hostPage.openHost(harness(), flavour);
      await hostPage.embed(page, hostPage.reportConfig(sales(), { accessToken: 'not-a-token' }));
      await expectFrameError(
        page,
        {
          errorCode: 'PowerBINotAuthorizedException',
          message: 'No tiene permiso para ver este contenido.',
        },
        { selector: '.frame-error p', text: 'No tiene permiso para ver este contenido.' },
      );
      await hostPage.screenshot(page, `frame-error-${flavour}`);
      await page.close();
    });

    test('an expired token: TokenExpired, in English when the locale says so', async () => {
      const page = await hostPage.openHost(harness(), flavour);
      const settings = { localeSettings: { language: 'en', formatLocale: 'en-US' } };
      await hostPage.embed(
        page,
        hostPage.reportConfig(sales(), {
          accessToken: expiredCopy(harness().bi.dataDir, sales().accessToken),
          settings,
        }),
      );
      await expectFrameError(
        page,
        { errorCode: 'TokenExpired', message: 'The access token has expired. Reload the report.' },
        { selector: '.frame-error h1', text: 'The content could not be displayed' },
      );
      await page.close();
    });

    test('hideErrors keeps the frame blank but still posts the error', async () => {
      const page = await hostPage.openHost(harness(), flavour);
      await hostPage.embed(
        page,
        hostPage.reportConfig(sales(), {
          accessToken: 'not-a-token',
          settings: { hideErrors: true },
        }),
      );
      await hostPage.waitForEvent(page, 'error');
      expect(await hostPage.frameOf(page).locator('.frame-error').count()).toBe(0);
      await page.close();
    });

    test('a report the token does not cover is refused', async () => {
      const page = await hostPage.openHost(harness(), flavour);
      const products = await hostPage.demoReport(harness(), 'Comercial', 'Análisis de productos');
      await hostPage.embed(page, hostPage.reportConfig(sales(), { id: products.id }));
      const error = await hostPage.waitForEvent(page, 'error');
      expect((error.detail as { errorCode: string }).errorCode).toBe(
        'PowerBINotAuthorizedException',
      );
      await page.close();
    });
  });
}
