/**
 * Microsoft's powerbi-report-authoring 1.1.3 against our frame (issue 32, decision 0283): on our
 * SDK through the `powerbi-client` alias, and on the official powerbi-client 2.24.1. Each makes a
 * column chart, fills and formats it (title, data labels, tooltips, header, its series' colour),
 * changes its type, sees it so in the editor, saves, reloads and finds the same report,
 * then deletes the chart and saves again, so the next flavour starts from the same report. One BI
 * service for the file: the flavours run one after the other on it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const PROPERTY = 'http://powerbi.com/product/schema#property';
const TITLE = 'Ventas por canal';
const LINE_COLOR = '#744EC2';
/** Power BI's tooltip and header switches, and the colour of the chart's series (decision 0303). */
const SELECTORS = {
  tooltips: { objectName: 'tooltip', propertyName: 'visible' },
  header: { objectName: 'visualHeader', propertyName: 'visible' },
  sales: {
    objectName: 'dataPoint',
    propertyName: 'fill',
    selector: { target: { table: 'Ventas', measure: 'Ventas' } },
  },
};

/** Runs `body` on the host page with `report` (the embedded report) and `visualOf(name)` at hand. */
const onReport = <T>(page: Page, body: string) =>
  hostPage.call<T>(
    page,
    `const report = embedded;
     const [first] = await report.getPages();
     const visualOf = async (name) => (await first.getVisuals()).find((v) => v.name === name);
     ${body}`,
  );

describe.skipIf(!chromiumAvailable)('powerbi-report-authoring on our frame', () => {
  const harness = useFrameHarness();
  let target: hostPage.ReportTarget;

  beforeAll(async () => {
    target = await hostPage.demoReport(harness(), 'Comercial', 'Ventas generales', 'Edit');
  });

  for (const flavour of ['ours', 'official-2.24'] as const) {
    test(`with the ${flavour} SDK: create, fill, format, retype, save, reload, delete`, async () => {
      const page = await hostPage.openHost(harness(), flavour, undefined, { authoring: true });
      await hostPage.embed(page, hostPage.reportConfig(target));
      await hostPage.waitForEvent(page, 'rendered');
      const frame = hostPage.frameOf(page);

      const made = await onReport<{ name: string; type: string; capabilities: unknown }>(
        page,
        `const { visual } = await first.createVisual('clusteredColumnChart', { x: 40, y: 420, width: 480, height: 260 });
         await visual.addDataField('Category', { table: 'Canal', column: 'Canal' });
         await visual.addDataField('Y', { table: 'Ventas', measure: 'Ventas' });
         await visual.setProperty({ objectName: 'title', propertyName: 'titleText' }, { schema: '${PROPERTY}', value: '${TITLE}' });
         await visual.setProperty({ objectName: 'dataLabels', propertyName: 'visible' }, { schema: '${PROPERTY}', value: true });
         const selectors = ${JSON.stringify(SELECTORS)};
         await visual.setProperty(selectors.tooltips, { schema: '${PROPERTY}', value: false });
         await visual.setProperty(selectors.header, { schema: '${PROPERTY}', value: false });
         await visual.setProperty(selectors.sales, { schema: '${PROPERTY}', value: '${LINE_COLOR}' });
         const capabilities = await visual.getCapabilities();
         await visual.changeType('lineChart');
         return { name: visual.name, type: visual.type, capabilities };`,
      );
      expect(made.type).toBe('clusteredColumnChart');
      expect(made.capabilities).toEqual({
        dataRoles: [
          { name: 'Category', displayName: 'Eje', kind: 0 },
          { name: 'Series', displayName: 'Leyenda', kind: 0 },
          { name: 'Y', displayName: 'Valores', kind: 1 },
          { name: 'Tooltips', displayName: 'Información sobre herramientas', kind: 1 },
        ],
      });
      const drawn = frame.locator(`.visual[data-visual-name="${made.name}"]`);
      await frame
        .locator(`.visual[data-visual-name="${made.name}"][data-visual-type="lineChart"] svg`)
        .waitFor();
      expect(await drawn.locator('.visual-title').textContent()).toBe(TITLE);
      expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(false);

      // The editor shows the visual as the library left it: its wells hold the fields.
      await hostPage.call(page, "return embedded.switchMode('edit')");
      await frame.locator(`.edit-box[data-visual-name="${made.name}"]`).click();
      const well = (role: string) => frame.locator(`.well[data-role="${role}"] .well-field`);
      expect(await well('category').allTextContents()).toEqual([expect.stringContaining('Canal')]);
      expect(await well('values').allTextContents()).toEqual([expect.stringContaining('Ventas')]);
      // …and its Formato pane the switches and the series colour the library set.
      const format = frame.locator('.visualizations-pane .format-pane');
      const switchOf = (section: string) =>
        format.locator(`[data-section="${section}"] input[type="checkbox"]`);
      expect(await switchOf('tooltips').isChecked()).toBe(false);
      expect(await switchOf('visualHeader').isChecked()).toBe(false);
      const linePicker = format
        .locator('[data-section="seriesColors"] label', { hasText: 'Ventas' })
        .locator('input[type="color"]');
      await expect.poll(() => linePicker.inputValue()).toBe(LINE_COLOR.toLowerCase());

      await hostPage.call(page, 'return embedded.save()');
      await hostPage.waitForEvent(page, 'saved');
      // Edits redraw the page, each with its own rendered event: count from here.
      const rendered = (await hostPage.events(page, 'rendered')).length;
      await hostPage.call(page, 'return embedded.reload()');
      await hostPage.waitForEvent(page, 'rendered', rendered + 1);
      const reloaded = await onReport<Record<string, unknown>>(
        page,
        `const visual = await visualOf('${made.name}');
         return {
           type: visual.type,
           title: visual.title,
           category: await visual.getDataFields('Category'),
           values: await visual.getDataFields('Y'),
           titleText: await visual.getProperty({ objectName: 'title', propertyName: 'titleText' }),
           dataLabels: await visual.getProperty({ objectName: 'dataLabels', propertyName: 'visible' }),
           tooltips: await visual.getProperty(${JSON.stringify(SELECTORS.tooltips)}),
           header: await visual.getProperty(${JSON.stringify(SELECTORS.header)}),
           lineColor: await visual.getProperty(${JSON.stringify(SELECTORS.sales)}),
         };`,
      );
      expect(reloaded).toEqual({
        type: 'lineChart',
        title: TITLE,
        category: [
          { $schema: 'http://powerbi.com/product/schema#column', table: 'Canal', column: 'Canal' },
        ],
        values: [
          {
            $schema: 'http://powerbi.com/product/schema#measure',
            table: 'Ventas',
            measure: 'Ventas',
          },
        ],
        titleText: { schema: PROPERTY, value: TITLE },
        dataLabels: { schema: PROPERTY, value: true },
        tooltips: { schema: PROPERTY, value: false },
        header: { schema: PROPERTY, value: false },
        lineColor: { schema: PROPERTY, value: LINE_COLOR },
      });
      await frame
        .locator(`.visual[data-visual-name="${made.name}"][data-visual-type="lineChart"]`)
        .waitFor();

      // Power BI's title "visible" hides the drawn title; resetProperty brings it back.
      const titleShown = { objectName: 'title', propertyName: 'visible' };
      const heading = frame.locator(`.visual[data-visual-name="${made.name}"] .visual-title`);
      await onReport(
        page,
        `return (await visualOf('${made.name}')).setProperty(${JSON.stringify(titleShown)}, { schema: '${PROPERTY}', value: false })`,
      );
      await heading.waitFor({ state: 'detached' });
      await onReport(
        page,
        `return (await visualOf('${made.name}')).resetProperty(${JSON.stringify(titleShown)})`,
      );
      await heading.waitFor();

      const refusal = await onReport(
        page,
        `try { await (await visualOf('${made.name}')).changeType('sparkline'); } catch (e) { return e; }`,
      );
      expect(refusal).toEqual([{ message: 'visualType sparkline is not supported' }]);

      await onReport(page, `return first.deleteVisual('${made.name}')`);
      await frame
        .locator(`.visual[data-visual-name="${made.name}"]`)
        .waitFor({ state: 'detached' });
      await hostPage.call(page, 'return embedded.save()');
      await hostPage.waitForEvent(page, 'saved', 2);
      expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(true);
      await page.close();
    });
  }
});
