import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { SALES_CARD, useRenderedSalesReport, useSharedFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

/**
 * A point inside the first slice of a donut (it starts at twelve o'clock and runs clockwise). The
 * chart's box is read again if ECharts replaced its sketch (decision 0328) while it was read.
 */
async function firstSlicePoint(page: Page, visualName: string) {
  const chart = hostPage.frameOf(page).locator(`[data-visual-name="${visualName}"] .chart`);
  let box = null;
  for (let attempt = 0; attempt < 3 && !box; attempt++) box = await chart.boundingBox();
  if (!box) throw new Error('no donut chart');
  const radius = (Math.min(box.width, box.height) / 2) * 0.6;
  const cx = box.x + box.width * 0.4;
  const cy = box.y + box.height * 0.52;
  return { x: cx + radius * Math.sin(Math.PI / 4), y: cy - radius * Math.cos(Math.PI / 4) };
}

for (const flavour of ['official', 'ours'] as const) {
  describe.skipIf(!chromiumAvailable)(`report frame interactions with the ${flavour} SDK`, () => {
    const { page, allSales } = useRenderedSalesReport(flavour, {
      settings: { bookmarksPaneEnabled: true },
    });

    test('clicking a data point posts dataSelected and cross-filters the page; clicking again clears it', async () => {
      const point = await firstSlicePoint(page(), 'VisualContainer9');
      await hostPage.rerender(page(), () => page().mouse.click(point.x, point.y));
      const selected = await hostPage.waitForEvent(page(), 'dataSelected');
      const detail = selected.detail as {
        visual: { name: string };
        dataPoints: { identity: { equals: unknown }[] }[];
      };
      expect(detail.visual.name).toBe('VisualContainer9');
      expect(detail.dataPoints[0]!.identity[0]!.equals).toBe('Tienda');
      expect(await hostPage.cardText(page(), SALES_CARD)).not.toBe(allSales());
      await hostPage.rerender(page(), () => page().mouse.click(point.x, point.y));
      expect(await hostPage.cardText(page(), SALES_CARD)).toBe(allSales());
    });

    test('hovering a chart shows its tooltip', async () => {
      const point = await firstSlicePoint(page(), 'VisualContainer9');
      await page().mouse.move(1, 1);
      await page().mouse.move(point.x, point.y, { steps: 4 });
      // The tooltip is ECharts': the pointer's arrival hands a sketched chart over to it.
      await hostPage
        .frameOf(page())
        .locator('[data-visual-name="VisualContainer9"] [_echarts_instance_]')
        .waitFor();
      await page().mouse.move(point.x + 1, point.y + 1);
      const tooltip = hostPage
        .frameOf(page())
        .locator('[data-visual-name="VisualContainer9"] .chart-tooltip');
      await tooltip.first().waitFor({ state: 'visible' });
      expect(await tooltip.first().textContent()).toContain('Tienda');
      await page().mouse.move(1, 1);
    });

    test('a slicer filters the page', async () => {
      const online = hostPage
        .frameOf(page())
        .locator('[data-visual-name="VisualContainer11"] [role="option"]', {
          hasText: 'Online',
        });
      await hostPage.rerender(page(), () => online.click());
      const filtered = await hostPage.cardText(page(), SALES_CARD);
      expect(filtered).not.toBe(allSales());
      await hostPage.rerender(page(), () => online.click());
      expect(await hostPage.cardText(page(), SALES_CARD)).toBe(allSales());
    });

    test('the filter pane edits a report filter and posts filtersApplied', async () => {
      const frame = hostPage.frameOf(page());
      await frame.locator('.filter-pane-toggle').click();
      const countryFilter = frame.locator('[data-level="report"] .filter-card[data-target="País"]');
      await countryFilter.locator('label', { hasText: 'Perú' }).waitFor();
      await hostPage.rerender(page(), () =>
        countryFilter.locator('label', { hasText: 'Perú' }).click(),
      );
      const applied = await hostPage.waitForEvent(page(), 'filtersApplied');
      expect((applied.detail as { filters: { values: string[] }[] }).filters[0]!.values).toEqual([
        'Perú',
      ]);
      expect(await hostPage.call(page(), 'return (await embedded.getFilters())[0].values')).toEqual(
        ['Perú'],
      );
      expect(await hostPage.cardText(page(), SALES_CARD)).not.toBe(allSales());
      await hostPage.rerender(page(), () =>
        countryFilter.locator('label', { hasText: 'Perú' }).click(),
      );
      await frame.locator('.filter-pane-toggle').click();
    });

    test('the filter pane edits an advanced page filter', async () => {
      const frame = hostPage.frameOf(page());
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), "return embedded.setPage('ReportSection2')"),
      );
      await frame.locator('.filter-pane-toggle').click();
      const card = frame.locator('[data-level="page"] .filter-card[data-filter-kind="advanced"]');
      const yearsShown = () =>
        hostPage.call<{ data: string }>(
          page(),
          `const pages = await embedded.getPages(); const visuals = await pages[1].getVisuals();
           return visuals.find((v) => v.name === 'VisualContainer4').exportData(0);`,
        );
      expect((await yearsShown()).data).toContain('2023');
      const applied = (await hostPage.events(page(), 'filtersApplied')).length;
      await card.locator('.condition input').first().fill('2025');
      await hostPage.rerender(page(), () => card.getByRole('button', { name: 'Aplicar' }).click());
      await hostPage.waitForEvent(page(), 'filtersApplied', applied + 1);
      const pageFilters = await hostPage.call<{ conditions: { value: unknown }[] }[]>(
        page(),
        'return (await embedded.getPages())[1].getFilters()',
      );
      expect(pageFilters[0]!.conditions[0]!.value).toBe(2025);
      expect((await yearsShown()).data).not.toContain('2023');
      await card.locator('.condition input').first().fill('2023');
      await hostPage.rerender(page(), () => card.getByRole('button', { name: 'Aplicar' }).click());
      await frame.locator('.filter-pane-toggle').click();
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), "return embedded.setPage('ReportSection1')"),
      );
    });

    test('drill down a date hierarchy and back up', async () => {
      const line = hostPage.frameOf(page()).locator('[data-visual-name="VisualContainer8"]');
      await line.hover();
      await hostPage.rerender(page(), () =>
        line.getByRole('button', { name: 'Rastrear desagrupando datos' }).click(),
      );
      expect(await line.getAttribute('data-drill-depth')).toBe('1');
      await hostPage.rerender(page(), () =>
        line.getByRole('button', { name: 'Rastrear agrupando datos' }).click(),
      );
      expect(await line.getAttribute('data-drill-depth')).toBe('0');
    });

    test('bookmarks: list, apply by name, capture and apply state', async () => {
      const bookmarks = await hostPage.call<{ name: string; displayName: string }[]>(
        page(),
        'return (await embedded.bookmarksManager.getBookmarks()).map((b) => ({ name: b.name, displayName: b.displayName }))',
      );
      expect(bookmarks.map((b) => b.displayName)).toEqual([
        'Solo canal online',
        'Año 2025',
        'Tendencias',
      ]);
      const applied = (await hostPage.events(page(), 'bookmarkApplied')).length;
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), "return embedded.bookmarksManager.apply('Bookmark2')"),
      );
      const event = await hostPage.waitForEvent(page(), 'bookmarkApplied', applied + 1);
      expect((event.detail as { bookmarkName: string }).bookmarkName).toBe('Bookmark2');
      const year2025 = await hostPage.cardText(page(), SALES_CARD);
      expect(year2025).not.toBe(allSales());
      const captured = await hostPage.call<{ state: string }>(
        page(),
        'return embedded.bookmarksManager.capture()',
      );
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), 'return embedded.removeFilters()'),
      );
      expect(await hostPage.cardText(page(), SALES_CARD)).toBe(allSales());
      await hostPage.rerender(page(), () =>
        hostPage.call(
          page(),
          `return embedded.bookmarksManager.applyState(${JSON.stringify(captured.state)})`,
        ),
      );
      expect(await hostPage.cardText(page(), SALES_CARD)).toBe(year2025);
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), 'return embedded.removeFilters()'),
      );
    });

    test('presentation mode: play, next and previous, and swipes', async () => {
      const frame = hostPage.frameOf(page());
      const applied = (await hostPage.events(page(), 'bookmarkApplied')).length;
      await hostPage.call(page(), 'return embedded.bookmarksManager.play(1)');
      await hostPage.waitForEvent(page(), 'bookmarkApplied', applied + 1);
      const bar = frame.locator('.bookmarks-bar.presenting');
      expect(await bar.locator('.bookmark-current').textContent()).toBe('Solo canal online');
      await bar.getByRole('button', { name: 'Siguiente' }).click();
      await hostPage.waitForEvent(page(), 'bookmarkApplied', applied + 2);
      expect(await bar.locator('.bookmark-current').textContent()).toBe('Año 2025');
      await bar.getByRole('button', { name: 'Anterior' }).click();
      await hostPage.waitForEvent(page(), 'bookmarkApplied', applied + 3);
      expect(await bar.locator('.bookmark-current').textContent()).toBe('Solo canal online');

      const box = (await frame.locator('.canvas-viewport').boundingBox())!;
      await page().mouse.move(box.x + box.width * 0.7, box.y + 40);
      await page().mouse.down();
      await page().mouse.move(box.x + box.width * 0.3, box.y + 40, { steps: 5 });
      await page().mouse.up();
      const start = await hostPage.waitForEvent(page(), 'swipeStart');
      const end = await hostPage.waitForEvent(page(), 'swipeEnd');
      expect(
        (start.detail as { currentPosition: { x: number } }).currentPosition.x,
      ).toBeGreaterThan((end.detail as { currentPosition: { x: number } }).currentPosition.x);
      await hostPage.waitForEvent(page(), 'bookmarkApplied', applied + 4);
      expect(await bar.locator('.bookmark-current').textContent()).toBe('Año 2025');

      await hostPage.call(page(), 'return embedded.bookmarksManager.play(0)');
      await frame.locator('.bookmarks-bar.presenting').waitFor({ state: 'detached' });
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), 'return embedded.setFilters([])'),
      );
    });
  });

  describe.skipIf(!chromiumAvailable)(
    `report frame commands, sort and buttons with the ${flavour} SDK`,
    () => {
      const harness = useSharedFrameHarness();
      let page: Page;

      beforeAll(async () => {
        const stores = await hostPage.demoReport(harness(), 'Operaciones', 'Desempeño de tiendas');
        const settings = {
          commands: [{ exportData: { displayOption: 2 } }, { spotlight: { displayOption: 1 } }],
          extensions: [
            {
              command: {
                name: 'detalleTienda',
                title: 'Ver detalle de la tienda',
                selector: {
                  $schema: 'http://powerbi.com/product/schema#visualSelector',
                  visualName: 'VisualContainer5',
                },
                extend: { visualOptionsMenu: { title: 'Ver detalle de la tienda' } },
              },
            },
          ],
        };
        page = await hostPage.openRenderedReport(harness(), flavour, stores, { settings });
      });

      test('command settings hide and disable menu items; extension commands post commandTriggered', async () => {
        const table = hostPage.frameOf(page).locator('[data-visual-name="VisualContainer5"]');
        await table.hover();
        await table.getByRole('button', { name: 'Más opciones' }).click();
        const menu = table.locator('.visual-menu');
        expect(await menu.locator('[data-command="exportData"]').count()).toBe(0);
        expect(await menu.locator('[data-command="spotlight"]').getAttribute('aria-disabled')).toBe(
          'true',
        );
        await menu.getByRole('button', { name: 'Ver detalle de la tienda' }).click();
        const triggered = await hostPage.waitForEvent(page, 'commandTriggered');
        const detail = triggered.detail as { command: string; visual: { name: string } };
        expect(detail.command).toBe('detalleTienda');
        expect(detail.visual.name).toBe('VisualContainer5');
      });

      test('sortBy orders a table by a measure, both ways', async () => {
        const firstStore = () =>
          hostPage
            .frameOf(page)
            .locator('[data-visual-name="VisualContainer5"] tbody tr')
            .first()
            .locator('td')
            .first()
            .textContent();
        const sort = (direction: number) =>
          hostPage.call(
            page,
            `const [first] = await embedded.getPages(); const visuals = await first.getVisuals();
           return visuals.find((v) => v.name === 'VisualContainer5').sortBy({ orderBy: { table: 'Ventas', measure: 'Ventas' }, direction: ${direction} });`,
          );
        await hostPage.rerender(page, () => sort(2));
        const top = await firstStore();
        await hostPage.rerender(page, () => sort(1));
        const bottom = await firstStore();
        expect(top).not.toBe(bottom);
        const header = hostPage
          .frameOf(page)
          .locator('[data-visual-name="VisualContainer5"] th', { hasText: 'Ventas' })
          .first();
        expect(await header.getAttribute('aria-sort')).toBe('ascending');
      });

      test('a button posts buttonClicked', async () => {
        await hostPage
          .frameOf(page)
          .locator('[data-visual-name="VisualContainer4"] button')
          .click();
        const clicked = await hostPage.waitForEvent(page, 'buttonClicked');
        expect((clicked.detail as { title: string }).title).toBe('Ver tendencias');
      });
    },
  );
}

for (const flavour of ['official', 'ours'] as const) {
  describe.skipIf(!chromiumAvailable)(
    `filter pane top N and relative date editing with the ${flavour} SDK`,
    () => {
      const harness = useSharedFrameHarness();
      let page: Page;

      beforeAll(async () => {
        const products = await hostPage.demoReport(harness(), 'Comercial', 'Análisis de productos');
        page = await hostPage.openRenderedReport(harness(), flavour, products);
      });

      test('changing a visual-level top N filter changes what the visual shows', async () => {
        const frame = hostPage.frameOf(page);
        const products = async () => {
          const csv = await hostPage.call<{ data: string }>(
            page,
            `const [first] = await embedded.getPages(); const visuals = await first.getVisuals();
           return visuals.find((v) => v.title === 'Top 10 productos por ventas').exportData(0);`,
          );
          return csv.data.trim().split(/\r?\n/).length - 1;
        };
        expect(await products()).toBe(10);
        await frame.locator('.filter-pane-toggle').click();
        const card = frame.locator('[data-level="visual"] .filter-card[data-filter-kind="topN"]');
        await card.locator('input[type="number"]').fill('5');
        await hostPage.rerender(page, () => card.getByRole('button', { name: 'Aplicar' }).click());
        await hostPage.waitForEvent(page, 'filtersApplied');
        expect(await products()).toBe(5);
      });

      test('a relative date filter set through the SDK is edited in the pane', async () => {
        const frame = hostPage.frameOf(page);
        const lastYears = {
          $schema: 'http://powerbi.com/product/schema#relativeDate',
          target: { table: 'Calendario', column: 'Fecha' },
          filterType: 4,
          operator: 0,
          timeUnitsCount: 3,
          timeUnitType: 5,
          includeToday: true,
        };
        await hostPage.rerender(page, () =>
          hostPage.call(page, `return embedded.setFilters([${JSON.stringify(lastYears)}])`),
        );
        const card = frame.locator(
          '[data-level="report"] .filter-card[data-filter-kind="relativeDate"]',
        );
        const applied = (await hostPage.events(page, 'filtersApplied')).length;
        await card.locator('input[type="number"]').fill('10');
        await hostPage.rerender(page, () => card.getByRole('button', { name: 'Aplicar' }).click());
        await hostPage.waitForEvent(page, 'filtersApplied', applied + 1);
        const filters = await hostPage.call<{ timeUnitsCount: number }[]>(
          page,
          'return embedded.getFilters()',
        );
        expect(filters[0]!.timeUnitsCount).toBe(10);
      });
    },
  );
}
