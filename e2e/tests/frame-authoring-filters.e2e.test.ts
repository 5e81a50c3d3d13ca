/**
 * Filters from the editor's Data pane (issue 13), driven by the official powerbi-client 2.8.0:
 * one of each kind (basic, advanced, relative date, top N) at report, page and visual level,
 * each read back through the SDK's getFilters at its level and valid for powerbi-models.
 */
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { useSharedFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');
const COUNTRY_COLUMNS = 'VisualContainer10';

/** Opens the Data pane's ⋯ card of `field` and adds a filter of `kind` at `level`. */
async function addFilterFromPane(
  frame: Frame,
  field: string,
  choice: { level: string; kind: string },
  snap?: () => Promise<unknown>,
) {
  await frame.locator('.fields-pane input[type="search"]').fill(field);
  await frame
    .getByRole('button', { name: `Agregar filtro: ${field}`, exact: true })
    .first()
    .click();
  const card = frame.getByRole('form', { name: `Agregar filtro: ${field}` });
  await card.getByLabel('Nivel').selectOption({ label: choice.level });
  await card.getByLabel('Tipo de filtro').selectOption({ label: choice.kind });
  await snap?.();
  await card.getByRole('button', { name: 'Agregar', exact: true }).click();
  await card.waitFor({ state: 'detached' });
}

/** The filters of each level through the SDK, each with powerbi-models' verdict (undefined: valid). */
function filtersByLevel(page: Page) {
  return hostPage.call<Record<string, { filter: { filterType: number }; errors: unknown }[]>>(
    page,
    `const { models } = window['powerbi-client'];
     const page = (await embedded.getPages()).find((p) => p.isActive);
     const visual = (await page.getVisuals()).find((v) => v.name === '${COUNTRY_COLUMNS}');
     const judged = (filters) => filters.map((filter) => ({ filter, errors: models.validateFilter(filter) }));
     return {
       report: judged(await embedded.getFilters()),
       page: judged(await page.getFilters()),
       visual: judged(await visual.getFilters()),
     };`,
  );
}

describe.skipIf(!chromiumAvailable)('filters from the Data pane with the official SDK', () => {
  const harness = useSharedFrameHarness();

  test('each of the four kinds at its level, visible through getFilters and valid', async () => {
    const target = await hostPage.demoReport(harness(), 'Comercial', 'Ventas generales', 'Edit');
    const page = await hostPage.openHost(harness(), 'official', { width: 1400, height: 900 });
    await hostPage.embed(page, hostPage.reportConfig(target, { viewMode: 1 }));
    await hostPage.waitForEvent(page, 'rendered');
    const frame = hostPage.frameOf(page);
    await frame.locator('.authoring[data-mode="edit"]').waitFor();
    const before = await filtersByLevel(page);

    // Dates offer relative date first; text offers basic first.
    await addFilterFromPane(frame, 'Fecha', {
      level: 'Filtro en todas las páginas',
      kind: 'Fecha relativa',
    });
    await addFilterFromPane(frame, 'Canal', {
      level: 'Filtro en esta página',
      kind: 'Filtrado básico',
    });
    await frame.locator(`.edit-box[data-visual-name="${COUNTRY_COLUMNS}"]`).click();
    await addFilterFromPane(
      frame,
      'País',
      { level: 'Filtro en este objeto visual', kind: 'N superior' },
      () => page.screenshot({ path: resolve(docsScreenshots, 'frame-editor-add-filter.png') }),
    );
    await addFilterFromPane(frame, 'Categoría', {
      level: 'Filtro en este objeto visual',
      kind: 'Filtrado avanzado',
    });

    const after = await filtersByLevel(page);
    const added = (level: keyof typeof after) => after[level]!.slice(before[level]!.length);
    for (const level of ['report', 'page', 'visual'] as const)
      for (const { errors } of after[level]!) expect(errors).toBeUndefined();
    expect(added('report').map((f) => f.filter)).toEqual([
      expect.objectContaining({
        filterType: 4,
        target: expect.objectContaining({ column: 'Fecha' }),
      }),
    ]);
    expect(added('page').map((f) => f.filter)).toEqual([
      expect.objectContaining({ filterType: 1, operator: 'All', values: [] }),
    ]);
    expect(added('visual').map((f) => f.filter)).toEqual([
      expect.objectContaining({ filterType: 5, operator: 'Top', orderBy: expect.any(Object) }),
      expect.objectContaining({ filterType: 0, logicalOperator: 'And' }),
    ]);
    expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(false);
    await page.close();
  });
});
