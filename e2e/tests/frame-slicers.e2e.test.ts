/**
 * Slicers in chromium, on Comercial's "Ventas generales": every item takes a click anywhere on its
 * row (in the list and in the open dropdown, over the cards drawn below it), the dropdown closes
 * on Escape and on a press outside, and the keyboard picks items.
 */
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { missedItems } from '../src/frame/hit-targets.ts';
import { SALES_CARD, useRenderedSalesReport } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');

describe.skipIf(!chromiumAvailable)('slicers as Power BI draws them', () => {
  const { harness, page, allSales } = useRenderedSalesReport('ours');
  const slicer = (title: string) =>
    hostPage.frameOf(page()).locator('section[data-visual-type="slicer"]', {
      has: hostPage.frameOf(page()).locator('.slicer-title', { hasText: title }),
    });
  const yearToggle = () => slicer('Año').getByRole('button');
  const popupOptions = () => hostPage.frameOf(page()).locator('.slicer-popup [role="option"]');

  test("every list item's centre is its own, and clicking the row's text picks it", async () => {
    const options = slicer('Canal').getByRole('option');
    expect(await options.count()).toBeGreaterThan(2);
    expect(await missedItems(hostPage.frameOf(page()), '.slicer-list [role="option"]')).toEqual([]);
    const online = slicer('Canal').getByRole('option', { name: 'Online' });
    await hostPage.rerender(page(), () => online.locator('.slicer-item-label').click());
    expect(await online.getAttribute('aria-selected')).toBe('true');
    expect(await hostPage.cardText(page(), SALES_CARD)).not.toBe(allSales());
    await hostPage.rerender(page(), () => online.click({ position: { x: 150, y: 5 } }));
    expect(await online.getAttribute('aria-selected')).toBe('false');
    expect(await hostPage.cardText(page(), SALES_CARD)).toBe(allSales());
  });

  test('the open dropdown draws above the cards: each item is hit, and the word 2024 picks it', async () => {
    await yearToggle().click();
    expect(await yearToggle().getAttribute('aria-expanded')).toBe('true');
    expect(await hostPage.frameOf(page()).getByRole('listbox', { name: 'Año' }).count()).toBe(1);
    expect(await popupOptions().count()).toBeGreaterThan(2);
    expect(await missedItems(hostPage.frameOf(page()), '.slicer-popup [role="option"]')).toEqual(
      [],
    );
    await page()
      .locator('#embed')
      .screenshot({ path: resolve(docsScreenshots, 'slicer-dropdown-open.png') });
    const year = popupOptions().filter({ hasText: '2024' });
    await hostPage.rerender(page(), () => year.getByText('2024', { exact: true }).click());
    expect(await year.getAttribute('aria-selected')).toBe('true');
    expect(await yearToggle().textContent()).toContain('2024');
    expect(await hostPage.cardText(page(), SALES_CARD)).not.toBe(allSales());
  });

  test('Escape and a press outside close the dropdown', async () => {
    await page().keyboard.press('Escape');
    expect(await yearToggle().getAttribute('aria-expanded')).toBe('false');
    expect(await popupOptions().count()).toBe(0);
    await yearToggle().click();
    expect(await popupOptions().count()).toBeGreaterThan(0);
    const card = await hostPage
      .frameOf(page())
      .locator(`[data-visual-name="${SALES_CARD}"]`)
      .boundingBox();
    await page().mouse.click(card!.x + 5, card!.y + card!.height - 5);
    expect(await popupOptions().count()).toBe(0);
    expect(await yearToggle().getAttribute('aria-expanded')).toBe('false');
  });

  test('the keyboard opens the dropdown, moves with arrows/Home/End and picks with Enter and Space', async () => {
    await yearToggle().focus();
    await page().keyboard.press('ArrowDown');
    expect(await yearToggle().getAttribute('aria-expanded')).toBe('true');
    const focused = () =>
      hostPage.frameOf(page()).evaluate(() => document.activeElement?.textContent ?? '');
    // The list opens on the selected item (2024, from the test before).
    expect(await focused()).toBe('2024');
    await page().keyboard.press('Home');
    expect(await focused()).toBe('Todo');
    await hostPage.rerender(page(), () => page().keyboard.press('Enter'));
    expect(await hostPage.cardText(page(), SALES_CARD)).toBe(allSales());
    await page().keyboard.press('End');
    const last = await focused();
    await page().keyboard.press('ArrowUp');
    const beforeLast = await focused();
    expect(beforeLast).not.toBe(last);
    await hostPage.rerender(page(), () => page().keyboard.press(' '));
    const picked = popupOptions().filter({ hasText: beforeLast });
    expect(await picked.getAttribute('aria-selected')).toBe('true');
    await page().keyboard.press('Escape');
    expect(await hostPage.frameOf(page()).evaluate(() => document.activeElement?.tagName)).toBe(
      'BUTTON',
    );
  });

  test('the between slicer applies its range when a bound is typed, as an advanced filter', async () => {
    const products = await hostPage.openHost(harness(), 'ours');
    await hostPage.embed(
      products,
      hostPage.reportConfig(
        await hostPage.demoReport(harness(), 'Comercial', 'Análisis de productos'),
      ),
    );
    await hostPage.waitForEvent(products, 'rendered');
    const between = hostPage.frameOf(products).getByRole('group', { name: 'Precio de lista' });
    expect(await between.getByRole('slider').count()).toBe(2);
    const from = between.getByLabel('Desde', { exact: true });
    const low = Number(await from.inputValue());
    await hostPage.rerender(products, async () => {
      await from.fill(String(Math.ceil(low + 100)));
      await from.press('Enter');
    });
    const state = await hostPage.call<{
      filters: { conditions: { operator: string; value: number }[] }[];
    }>(
      products,
      "const page = (await embedded.getPages()).find((p) => p.isActive); return (await page.getVisuals()).find((v) => v.type === 'slicer').getSlicerState()",
    );
    expect(state.filters[0]!.conditions).toEqual([
      { operator: 'GreaterThanOrEqual', value: Math.ceil(low + 100) },
    ]);
    await products.close();
  });
});
