/**
 * Authoring in the frame (issue 13), driven by our SDK and by the official powerbi-client 2.8.0
 * and 2.24 against the BI service: edit mode, a type change in the editor, save, and reload.
 *
 * The three flavours share one BI service and host of this file's own (starting them was most of
 * a block's set-up, decision 0325). Each flavour edits a clone of "Ventas generales" of its own,
 * made before its tests, so no flavour sees another's saves and each starts from the demo's
 * drawing.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const COUNTRY_COLUMNS = 'VisualContainer10';
const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');

const visualType = (page: Page, name: string) =>
  hostPage
    .frameOf(page)
    .locator(`.visual[data-visual-name="${name}"]`)
    .getAttribute('data-visual-type');

describe.skipIf(!chromiumAvailable)('authoring with each SDK', () => {
  const harness = useFrameHarness();
  for (const flavour of ['official', 'official-2.24', 'ours'] as const)
    describe(`authoring with the ${flavour} SDK`, () => {
      let page: Page;
      let target: hostPage.ReportTarget;

      beforeAll(async () => {
        const groupId = await harness().rest.groupId('Comercial');
        const demo = await harness().rest.report(groupId, 'Ventas generales');
        const copyName = `Ventas generales (${flavour})`;
        await harness().rest.cloneReport(groupId, demo.id, copyName);
        target = await hostPage.demoReport(harness(), 'Comercial', copyName, 'Edit');
        page = await hostPage.openRenderedReport(harness(), flavour, target);
      });
      // The browser stays for the next flavour: its page goes with its block.
      afterAll(() => page.close());

      test('edit mode, change a visual type, save: saved arrives and nothing is unsaved', async () => {
        await hostPage.call(page, "return embedded.switchMode('edit')");
        const frame = hostPage.frameOf(page);
        await frame.locator('.authoring[data-mode="edit"]').waitFor();
        expect(await visualType(page, COUNTRY_COLUMNS)).toBe('clusteredColumnChart');

        await frame.locator(`.edit-box[data-visual-name="${COUNTRY_COLUMNS}"]`).click();
        await frame.locator('[data-visual-type="clusteredBarChart"]').click();
        await frame
          .locator(
            `.visual[data-visual-name="${COUNTRY_COLUMNS}"][data-visual-type="clusteredBarChart"]`,
          )
          .waitFor();
        expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(false);
        if (flavour === 'ours') {
          mkdirSync(docsScreenshots, { recursive: true });
          await page.screenshot({ path: resolve(docsScreenshots, 'frame-editor.png') });
        }

        await hostPage.call(page, 'return embedded.save()');
        const saved = await hostPage.waitForEvent(page, 'saved');
        expect(saved.detail).toMatchObject({ reportObjectId: target.id, saveAs: false });
        expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(true);
      });

      test('reload shows the saved version', async () => {
        await hostPage.call(page, 'return embedded.reload()');
        await hostPage.waitForEvent(page, 'rendered', 2);
        await hostPage
          .frameOf(page)
          .locator(`.visual[data-visual-name="${COUNTRY_COLUMNS}"]`)
          .waitFor();
        expect(await visualType(page, COUNTRY_COLUMNS)).toBe('clusteredBarChart');
      });

      test('undo in the editor brings back the previous type, unsaved until saved again', async () => {
        await hostPage.call(page, "return embedded.switchMode('edit')");
        const frame = hostPage.frameOf(page);
        await frame.locator(`.edit-box[data-visual-name="${COUNTRY_COLUMNS}"]`).click();
        await frame.locator('[data-visual-type="pieChart"]').click();
        expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(false);
        await frame.getByRole('toolbar').getByRole('button').first().click();
        expect(await visualType(page, COUNTRY_COLUMNS)).toBe('clusteredBarChart');
        expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(true);
      });
      test('clone copies a visual where asked; sortBy keeps working in edit mode', async () => {
        const cloned = await hostPage.call<{ visualName: string }>(
          page,
          `const [first] = await embedded.getPages(); const visuals = await first.getVisuals();
         return visuals.find((v) => v.name === '${COUNTRY_COLUMNS}').clone({ layout: { x: 600, y: 400 } });`,
        );
        const copy = hostPage
          .frameOf(page)
          .locator(`.visual[data-visual-name="${cloned.visualName}"]`);
        await copy.waitFor();
        expect(await copy.getAttribute('data-visual-type')).toBe('clusteredBarChart');
        expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(false);
        const names = await hostPage.call<string[]>(
          page,
          `const [first] = await embedded.getPages(); return (await first.getVisuals()).map((v) => v.name);`,
        );
        expect(names).toContain(cloned.visualName);
        await hostPage.call(
          page,
          `const [first] = await embedded.getPages(); const visuals = await first.getVisuals();
         return visuals.find((v) => v.name === '${COUNTRY_COLUMNS}').sortBy({ orderBy: { table: 'Ventas', measure: 'Ventas' }, direction: 1 });`,
        );
      });

      test("the editor's Save as asks the host when useCustomSaveAsDialog is set, else shows our dialog", async () => {
        const accessToken = await harness().rest.createToken(target.id, target.groupId);
        const host = await hostPage.openHost(harness(), flavour);
        const settings = { useCustomSaveAsDialog: true };
        await hostPage.embed(
          host,
          hostPage.reportConfig({ ...target, accessToken }, { settings, viewMode: 1 }),
        );
        await hostPage.waitForEvent(host, 'rendered');
        const frame = hostPage.frameOf(host);
        const saveAs = frame.getByRole('toolbar').getByRole('button', { name: 'Guardar como' });
        await saveAs.click();
        await hostPage.waitForEvent(host, 'saveAsTriggered');
        expect(await frame.getByRole('dialog').count()).toBe(0);
        await hostPage.call(
          host,
          'return embedded.updateSettings({ useCustomSaveAsDialog: false })',
        );
        await saveAs.click();
        await frame.getByRole('dialog', { name: 'Guardar como' }).waitFor();
        await host.close();
      });

      test('a new visual gets fields by click and by drag and drop, and draws', async () => {
        await hostPage.call(page, "return embedded.switchMode('edit')");
        const frame = hostPage.frameOf(page);
        await frame.locator('.page-canvas').click({ position: { x: 5, y: 5 } });
        await frame.locator('[data-visual-type="clusteredColumnChart"]').click();
        const added = frame.locator('.edit-box.selected');
        const name = await added.getAttribute('data-visual-name');
        await frame.locator('.fields-pane input[type="search"]').fill('Canal');
        await frame
          .locator('.fields-pane .field-item.column button', { hasText: /^Canal$/ })
          .click();
        await frame.locator('.fields-pane input[type="search"]').fill('Ventas');
        const measure = frame.locator('.fields-pane .field-item.measure button', {
          hasText: /^Ventas$/,
        });
        await measure.dragTo(frame.locator('.well[data-role="values"]'));
        const well = (role: string) => frame.locator(`.well[data-role="${role}"] .well-field`);
        expect(await well('category').allTextContents()).toEqual([
          expect.stringContaining('Canal'),
        ]);
        expect(await well('values').allTextContents()).toEqual([expect.stringContaining('Ventas')]);
        await frame.locator(`.visual[data-visual-name="${name}"] svg`).waitFor();
        if (flavour === 'ours')
          await page.screenshot({ path: resolve(docsScreenshots, 'frame-editor-new-visual.png') });
      });

      test('a field dropped on a visual leaves its drawing as it was until the new rows arrive', async () => {
        await hostPage.call(page, "return embedded.switchMode('edit')");
        const frame = hostPage.frameOf(page);
        await frame.locator('.page-canvas').click({ position: { x: 5, y: 5 } });
        await frame
          .locator('.visualizations-pane [data-visual-type="clusteredColumnChart"]')
          .click();
        const name = await frame.locator('.edit-box.selected').getAttribute('data-visual-name');
        const search = frame.locator('.fields-pane input[type="search"]');
        const field = (kind: string, text: RegExp) =>
          frame.locator(`.fields-pane .field-item.${kind} button`, { hasText: text });
        await search.fill('Canal');
        await field('column', /^Canal$/).click();
        await search.fill('Ventas');
        await field('measure', /^Ventas$/).click();
        const chart = frame.locator(`.visual[data-visual-name="${name}"] .chart`);
        await chart.locator('svg').waitFor();
        const drawn = await chart.innerHTML();

        // The BI service's answer to the new query is held until the drawing has been checked.
        const held: (() => Promise<void>)[] = [];
        const isQuery = (url: URL) => url.pathname.endsWith('/queries');
        await page.route(isQuery, (route) => void held.push(() => route.continue()));
        await field('measure', /^Meta de ventas$/).dragTo(
          frame.locator('.well[data-role="values"]'),
        );
        await expect.poll(() => held.length).toBeGreaterThan(0);
        const well = frame.locator('.well[data-role="values"] .well-field');
        expect(await well.allTextContents()).toEqual([
          expect.stringContaining('Ventas'),
          expect.stringContaining('Meta de ventas'),
        ]);
        expect(await chart.innerHTML()).toBe(drawn);

        for (const release of held) await release();
        await page.unroute(isQuery);
        await expect.poll(() => chart.innerHTML()).not.toBe(drawn);
        await chart.getByText('Meta de ventas').first().waitFor();
      });
    });
});
