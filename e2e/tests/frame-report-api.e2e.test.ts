import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { SALES_CARD, useRenderedSalesReport } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const peru = hostPage.basicFilter('Tienda', 'País', ['Perú']);
const MARGIN_CARD = 'VisualContainer5';
const CHANNEL_SLICER = 'VisualContainer11';

/** Shows or hides the page navigation and the filter pane through the SDK, and waits for the redraw. */
const showPanes = (page: Page, shown: boolean) =>
  hostPage.rerender(page, () =>
    hostPage.call(
      page,
      `return embedded.updateSettings({ navContentPaneEnabled: ${shown}, filterPaneEnabled: ${shown} })`,
    ),
  );

for (const flavour of ['official', 'ours'] as const) {
  describe.skipIf(!chromiumAvailable)(`report frame API with the ${flavour} SDK`, () => {
    const { page, allSales } = useRenderedSalesReport(flavour, {
      settings: { filterPaneEnabled: true, navContentPaneEnabled: true },
    });

    test('report filters: set, get, and the cards show the filtered figures', async () => {
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), `return embedded.setFilters([${JSON.stringify(peru)}])`),
      );
      expect(await hostPage.call(page(), 'return embedded.getFilters()')).toEqual([peru]);
      expect(await hostPage.cardText(page(), SALES_CARD)).not.toBe(allSales());
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), 'return embedded.removeFilters()'),
      );
      expect(await hostPage.call(page(), 'return embedded.getFilters()')).toEqual([]);
      expect(await hostPage.cardText(page(), SALES_CARD)).toBe(allSales());
    });

    test('page and visual filters apply to their own scope only', async () => {
      const margin = await hostPage.cardText(page(), MARGIN_CARD);
      await hostPage.rerender(page(), () =>
        hostPage.call(
          page(),
          `const [first] = await embedded.getPages(); return first.setFilters([${JSON.stringify(peru)}]);`,
        ),
      );
      expect(
        await hostPage.call(
          page(),
          'const [first] = await embedded.getPages(); return first.getFilters();',
        ),
      ).toEqual([peru]);
      const peruSales = await hostPage.cardText(page(), SALES_CARD);
      expect(peruSales).not.toBe(allSales());
      await hostPage.rerender(page(), () =>
        hostPage.call(
          page(),
          'const [first] = await embedded.getPages(); return first.removeFilters();',
        ),
      );
      await hostPage.rerender(page(), () =>
        hostPage.call(
          page(),
          `const [first] = await embedded.getPages(); const visuals = await first.getVisuals();
           return visuals.find((v) => v.name === '${SALES_CARD}').setFilters([${JSON.stringify(peru)}]);`,
        ),
      );
      expect(await hostPage.cardText(page(), SALES_CARD)).toBe(peruSales);
      expect(await hostPage.cardText(page(), MARGIN_CARD)).toBe(margin);
      await hostPage.rerender(page(), () =>
        hostPage.call(
          page(),
          `const [first] = await embedded.getPages(); const visuals = await first.getVisuals();
           return visuals.find((v) => v.name === '${SALES_CARD}').removeFilters();`,
        ),
      );
    });

    test('invalid filters are refused with the validator errors', async () => {
      const rejection = await hostPage.callRejection(
        page(),
        `return embedded.setFilters([{ target: {} }])`,
      );
      expect(rejection).toEqual([{ message: 'undefined property is invalid' }]);
    });

    test('pages: list, set active (pageChanged with newPage) and the page tabs follow', async () => {
      const pages = await hostPage.call<{ name: string; displayName: string; isActive: boolean }[]>(
        page(),
        'return (await embedded.getPages()).map((p) => ({ name: p.name, displayName: p.displayName, isActive: p.isActive }))',
      );
      expect(pages).toEqual([
        { name: 'ReportSection1', displayName: 'Resumen', isActive: true },
        { name: 'ReportSection2', displayName: 'Tendencias', isActive: false },
      ]);
      const changes = (await hostPage.events(page(), 'pageChanged')).length;
      await hostPage.call(page(), "return embedded.setPage('ReportSection2')");
      const changed = await hostPage.waitForEvent(page(), 'pageChanged', changes + 1);
      expect((changed.detail as { newPage: { name: string } }).newPage.name).toBe('ReportSection2');
      expect(
        await hostPage.frameOf(page()).locator('.page-tab[aria-current="page"]').textContent(),
      ).toBe('Tendencias');
      await hostPage.call(
        page(),
        'const pages = await embedded.getPages(); return pages[0].setActive()',
      );
      await hostPage.waitForEvent(page(), 'pageChanged', changes + 2);
      expect(
        await hostPage.frameOf(page()).locator('.page-tab[aria-current="page"]').textContent(),
      ).toBe('Resumen');
      const missing = await hostPage.callRejection(page(), "return embedded.setPage('NoSuchPage')");
      expect(missing).toEqual([{ message: 'Page NoSuchPage was not found' }]);
    });

    test('visuals and layout types of a page', async () => {
      const visuals = await hostPage.call<{ name: string; type: string; title: string }[]>(
        page(),
        'const [first] = await embedded.getPages(); return (await first.getVisuals()).map((v) => ({ name: v.name, type: v.type, title: v.title }))',
      );
      expect(visuals).toHaveLength(12);
      expect(visuals[3]).toEqual({ name: SALES_CARD, type: 'card', title: 'Ventas' });
      expect(
        await hostPage.call(
          page(),
          'const [first, second] = await embedded.getPages(); return [await first.hasLayout(2), await second.hasLayout(2)]',
        ),
      ).toEqual([true, false]);
    });

    test('export data: summarized and underlying CSV, respecting filters and the row limit', async () => {
      const exportOf = (args: string) =>
        hostPage.call<{ data: string }>(
          page(),
          `const [first] = await embedded.getPages(); const visuals = await first.getVisuals();
           return visuals.find((v) => v.name === 'VisualContainer10').exportData(${args});`,
        );
      const summarized = await exportOf('0');
      const lines = summarized.data.trim().split(/\r?\n/);
      expect(lines.length).toBe(8);
      expect(lines.join('\n')).toContain('Perú');
      const underlying = await exportOf('1, 5');
      expect(underlying.data.trim().split(/\r?\n/).length).toBeLessThanOrEqual(6);
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), `return embedded.setFilters([${JSON.stringify(peru)}])`),
      );
      const filtered = (await exportOf('0')).data.trim().split(/\r?\n/);
      expect(filtered.length).toBe(2);
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), 'return embedded.removeFilters()'),
      );
    });

    test('slicer state: read and set, and the slicer shows it', async () => {
      const online = { ...peru, target: { table: 'Canal', column: 'Canal' }, values: ['Online'] };
      const slicer = `(await (await embedded.getPages())[0].getVisuals()).find((v) => v.name === '${CHANNEL_SLICER}')`;
      await hostPage.rerender(page(), () =>
        hostPage.call(
          page(),
          `return (${slicer}).setSlicerState({ filters: [${JSON.stringify(online)}] })`,
        ),
      );
      const state = await hostPage.call<{ filters: unknown[] }>(
        page(),
        `return (${slicer}).getSlicerState()`,
      );
      expect(state.filters).toEqual([online]);
      const checked = hostPage
        .frameOf(page())
        .locator(`[data-visual-name="${CHANNEL_SLICER}"] [role="option"][aria-selected="true"]`);
      expect(await checked.count()).toBe(1);
      expect(await checked.textContent()).toBe('Online');
      expect(await hostPage.cardText(page(), SALES_CARD)).not.toBe(allSales());
      await hostPage.rerender(page(), () =>
        hostPage.call(page(), `return (${slicer}).setSlicerState({ filters: [] })`),
      );
      expect(await hostPage.cardText(page(), SALES_CARD)).toBe(allSales());
    });

    test('update settings: panes come and go', async () => {
      const frame = hostPage.frameOf(page());
      expect(await frame.locator('.page-nav').count()).toBe(1);
      await showPanes(page(), false);
      expect(await frame.locator('.page-nav').count()).toBe(0);
      expect(await frame.locator('.filter-pane').count()).toBe(0);
      await showPanes(page(), true);
      expect(await frame.locator('.page-nav').count()).toBe(1);
    });

    test('themes: apply colours and fonts, then reset', async () => {
      const report = hostPage.frameOf(page()).locator('.report');
      const original = await report.getAttribute('data-theme-colors');
      await hostPage.rerender(page(), () =>
        hostPage.call(
          page(),
          "return embedded.applyTheme({ themeJson: { name: 'Prueba', dataColors: ['#123456', '#abcdef'], textClasses: { label: { fontFace: 'Georgia' } } } })",
        ),
      );
      expect(await report.getAttribute('data-theme-colors')).toBe('#123456 #abcdef');
      expect(await report.evaluate((el) => (el as HTMLElement).style.fontFamily)).toContain(
        'Georgia',
      );
      await hostPage.rerender(page(), () => hostPage.call(page(), 'return embedded.resetTheme()'));
      expect(await report.getAttribute('data-theme-colors')).toBe(original);
    });

    test('refresh re-queries and renders again; the report has no unsaved changes', async () => {
      await hostPage.rerender(page(), () => hostPage.call(page(), 'return embedded.refresh()'));
      expect(await hostPage.call(page(), 'return embedded.isSaved()')).toBe(true);
    });

    test('print lays out every page for paper', async () => {
      await hostPage.call(page(), 'return embedded.print()');
      expect(
        await hostPage
          .frameOf(page())
          .evaluate(() => document.documentElement.dataset['printedPages']),
      ).toBe('2');
    });

    test('a view token may not edit: switchMode(edit), save and saveAs answer 403 with an IError', async () => {
      const edit = await hostPage.callRejection(page(), "return embedded.switchMode('edit')");
      expect(edit).toEqual([
        {
          message: 'The embed token does not grant edit access (ReadWrite)',
          detailedMessage: 'PowerBINotAuthorizedException',
        },
      ]);
      const save = await hostPage.callRejection(page(), 'return embedded.save()');
      expect(save).toMatchObject([{ detailedMessage: 'PowerBINotAuthorizedException' }]);
      const saveAs = await hostPage.callRejection(
        page(),
        "return embedded.saveAs({ name: 'Copia' })",
      );
      expect(saveAs).toMatchObject([{ detailedMessage: 'PowerBINotAuthorizedException' }]);
      await hostPage.call(page(), "return embedded.switchMode('view')");
    });
  });
}
