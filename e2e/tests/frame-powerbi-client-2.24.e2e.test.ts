/**
 * The official powerbi-client 2.24 viewing a report in our frame. 2.24 embeds only Power BI
 * hosts: the harness's browser resolves app.powerbi.com to the BI service's HTTPS listener, so the
 * frame runs on that origin, unchanged (see e2e/src/frame/power-bi-host.ts).
 */
import { describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { SALES_CARD, useSalesReport } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

describe.skipIf(!chromiumAvailable)('viewing a report with powerbi-client 2.24', () => {
  const { harness, sales } = useSalesReport();

  test('embed on a Power BI host: loaded, rendered, setFilters redraws, getPages lists the pages', async () => {
    const { page, requests } = await hostPage.openReportLoadedThenRendered(
      harness(),
      'official-2.24',
      sales(),
    );
    expect(await page.locator('#embed iframe').getAttribute('src')).toMatch(
      /^https:\/\/app\.powerbi\.com\/reportEmbed\?/,
    );
    expect(requests.every((url) => url.startsWith('https://app.powerbi.com/'))).toBe(true);
    expect(
      await hostPage.frameOf(page).locator('.page-tab[aria-current="page"]').textContent(),
    ).toBe('Resumen');
    const total = await hostPage.cardText(page, SALES_CARD);
    expect(total).toMatch(/\d/);

    const peru = hostPage.basicFilter('Tienda', 'País', ['Perú']);
    await hostPage.rerender(page, () =>
      hostPage.call(page, `return embedded.setFilters([${JSON.stringify(peru)}])`),
    );
    const filters = await hostPage.call<{ values?: unknown[] }[]>(
      page,
      'return embedded.getFilters()',
    );
    expect(filters.map((f) => f.values)).toEqual([['Perú']]);
    await hostPage
      .frameOf(page)
      .locator(`[data-visual-name="${SALES_CARD}"] [data-testid="card-value"]`)
      .filter({ hasNotText: total })
      .waitFor();

    const pages = await hostPage.call<{ name: string; displayName: string; isActive: boolean }[]>(
      page,
      'return (await embedded.getPages()).map(({ name, displayName, isActive }) => ({ name, displayName, isActive }))',
    );
    expect(pages.map((p) => p.displayName)).toEqual(
      expect.arrayContaining(['Resumen', 'Tendencias']),
    );
    expect(pages.filter((p) => p.isActive).map((p) => p.displayName)).toEqual(['Resumen']);
    await page.close();
  });
});
