/**
 * The editor's format pane (issue 26, decision 0239) with the official powerbi-client 2.8.0: a
 * series colour, an axis title, gridlines off, a background and a border set in the pane are
 * undoable, saved with the report, and drawn by the frame when the report is opened to view.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { addVisual } from '../src/frame/editor.ts';
import { useFrameHarness } from '../src/frame/suite.ts';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as host from '../src/frame/harness.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const SERIES_COLOR = '#E66C37';
const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');
const GRID_COLOR = '#EDEBE9'; // the theme's split lines (visuals/chart-style.ts)

/** What the frame drew for one visual: its container's look and its chart's marks. */
function drawnLook(visual: Locator) {
  return visual.evaluate((element, grid) => {
    const style = getComputedStyle(element);
    const svg = element.querySelector('svg')!;
    const upper = (value: string | null) => (value ?? '').toUpperCase();
    return {
      background: style.backgroundColor,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      radius: style.borderTopLeftRadius,
      fills: [...svg.querySelectorAll('path')].map((p) => upper(p.getAttribute('fill'))),
      gridlines: [...svg.querySelectorAll('path')].filter(
        (p) => upper(p.getAttribute('stroke')) === grid,
      ).length,
      texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
    };
  }, GRID_COLOR);
}

/** Drawing follows each edit a frame or two later, on a machine the other tests share. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const pane = (frame: Frame) => frame.locator('.visualizations-pane .format-pane');

describe.skipIf(!chromiumAvailable)('the format pane with powerbi-client 2.8.0', () => {
  const harness = useFrameHarness();

  /** Saves the edited report as `name` and opens it to view in a second host page. */
  async function saveAndView(editorPage: Page, groupId: string, name: string): Promise<Page> {
    await host.call(editorPage, `return embedded.saveAs({ name: '${name}' })`);
    await host.waitForEvent(editorPage, 'saved');
    const created = await harness().rest.report(groupId, name);
    const viewer = await host.openHost(harness(), 'official');
    const accessToken = await harness().rest.embedToken(`/groups/${groupId}/reports/${created.id}`);
    await host.embed(
      viewer,
      host.reportConfig({ id: created.id, embedUrl: created.embedUrl, accessToken, groupId }),
    );
    await host.waitForEvent(viewer, 'rendered');
    return viewer;
  }

  test('series colour, axis title, gridlines, background and border: saved and drawn in view mode', async () => {
    const { page, frame, groupId } = await host.openNewReportEditor(harness(), 'official');
    const name = await addVisual(frame, 'clusteredColumnChart', ['Canal', 'Ventas']);
    const visual = frame.locator(`.visual[data-visual-name="${name}"]`);
    await eventually(async () => (await drawnLook(visual)).gridlines).toBeGreaterThan(0);
    expect((await drawnLook(visual)).fills).not.toContain(SERIES_COLOR);

    const format = pane(frame);
    // A chart offers its axes and legend; the colour pickers name what it draws.
    await format.locator('[data-section="axes"]').waitFor();
    const seriesPicker = format
      .locator('[data-section="seriesColors"] label', { hasText: 'Ventas' })
      .locator('input[type="color"]');
    await seriesPicker.fill(SERIES_COLOR.toLowerCase());
    const categoryAxis = format.locator('[data-axis="categoryAxis"]');
    await categoryAxis.getByLabel('Mostrar título').check();
    await categoryAxis.getByLabel('Texto del título').fill('Canal de venta');
    await categoryAxis.getByLabel('Texto del título').press('Enter');
    await format.getByLabel('Líneas de cuadrícula').uncheck();
    const background = format.locator('[data-section="background"]');
    await background.locator('input[type="color"]').fill('#fff4ce');
    const border = format.locator('[data-section="border"]');
    await border.getByLabel('Mostrar borde').check();
    await border.locator('input[type="color"]').fill('#252423');
    await border.getByLabel('Radio redondeado (px)').fill('12');
    await border.getByLabel('Radio redondeado (px)').press('Enter');

    // Each change is one undo step: undo takes the radius back, redo brings it again.
    await eventually(async () => (await drawnLook(visual)).radius).toBe('12px');
    const toolbar = frame.getByRole('toolbar');
    await toolbar.getByRole('button', { name: 'Deshacer' }).click();
    await eventually(async () => (await drawnLook(visual)).radius).toBe('4px');
    expect(await border.getByLabel('Radio redondeado (px)').inputValue()).toBe('');
    await toolbar.getByRole('button', { name: 'Rehacer' }).click();
    await eventually(async () => (await drawnLook(visual)).radius).toBe('12px');

    mkdirSync(docsScreenshots, { recursive: true });
    await frame.locator('.format-section[data-section="numberFormat"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(docsScreenshots, 'editor-format-pane.png') });

    const viewer = await saveAndView(page, groupId, 'Informe con formato');
    const viewed = host.frameOf(viewer).locator(`.visual[data-visual-name="${name}"]`);
    await eventually(async () => (await drawnLook(viewed)).fills).toContain(SERIES_COLOR);
    const look = await drawnLook(viewed);
    expect(look).toMatchObject({
      background: 'rgb(255, 244, 206)',
      border: '1px solid rgb(37, 36, 35)',
      radius: '12px',
      gridlines: 0,
    });
    expect(look.texts).toContain('Canal de venta');
    await Promise.all([page.close(), viewer.close()]);
  });

  test('a slicer takes the styles its field allows; a relative date one filters the saved report', async () => {
    const { page, frame, groupId } = await host.openNewReportEditor(harness(), 'official');
    const card = await addVisual(frame, 'card', ['Ventas']);
    await addVisual(frame, 'slicer', ['Canal']);
    const style = pane(frame).getByLabel('Estilo');
    // A text field has no order and no dates: no range, no relative date.
    expect(await style.locator('option').allTextContents()).toEqual([
      'Lista vertical',
      'Lista desplegable',
    ]);
    const dateSlicer = await addVisual(frame, 'slicer', ['Fecha']);
    expect(await style.locator('option').allTextContents()).toEqual([
      'Lista vertical',
      'Lista desplegable',
      'Entre',
      'Fecha relativa',
    ]);
    await style.selectOption({ label: 'Fecha relativa' });
    await frame
      .locator(`.visual[data-visual-name="${dateSlicer}"]`)
      .getByRole('group', { name: 'Fecha' })
      .waitFor();
    const viewer = await saveAndView(page, groupId, 'Informe con fecha relativa');
    const viewed = host.frameOf(viewer);
    const cardValue = viewed.locator(
      `.visual[data-visual-name="${card}"] [data-testid="card-value"]`,
    );
    const allSales = await cardValue.textContent();
    const relative = viewed
      .locator(`.visual[data-visual-name="${dateSlicer}"]`)
      .getByRole('group', { name: 'Fecha' });
    await relative.getByLabel('Fecha relativa').selectOption({ label: 'En los últimos' });
    await relative.getByLabel('Unidad de tiempo').selectOption({ label: 'días' });
    await eventually(() => cardValue.textContent()).not.toBe(allSales);
    const state = await host.call<{ filters: Record<string, unknown>[] }>(
      viewer,
      `const page = (await embedded.getPages()).find((p) => p.isActive);
       const visual = (await page.getVisuals()).find((v) => v.name === '${dateSlicer}');
       return visual.getSlicerState()`,
    );
    // operator InLast, one period of unit Day (powerbi-models' RelativeDate enums).
    expect(state.filters).toEqual([
      expect.objectContaining({ operator: 0, timeUnitsCount: 1, timeUnitType: 0 }),
    ]);
    await Promise.all([page.close(), viewer.close()]);
  });
});
