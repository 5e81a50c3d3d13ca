/**
 * A date on a chart's axis as Power BI's date hierarchy (issue 26, decision 0235): the author
 * clicks a date column into a new column chart, which shows years; the viewer drills down to
 * quarters and back up, and the axis reads in Spanish.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as host from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';
import { addVisual } from '../src/frame/editor.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');

/** The texts the chart draws (ECharts' SVG renderer): axis labels among them. */
const drawnTexts = (visual: Locator) =>
  visual.locator('svg text').evaluateAll((texts) => texts.map((t) => t.textContent ?? ''));

describe.skipIf(!chromiumAvailable)('date hierarchy on a chart axis', () => {
  const harness = useFrameHarness();

  test('a date column shows years, drills down to quarters and back up', async () => {
    const { page, frame, groupId } = await host.openNewReportEditor(harness(), 'ours');
    await page.setViewportSize({ width: 1440, height: 900 });
    const name = await addVisual(frame, 'clusteredColumnChart', ['Fecha', 'Ventas']);

    // The axis well holds the hierarchy's four levels, named in Spanish.
    const axis = frame.locator('.well[data-role="category"] .well-field span');
    expect(await axis.allTextContents()).toEqual([
      'Fecha · Año',
      'Fecha · Trimestre',
      'Fecha · Mes',
      'Fecha · Día',
    ]);

    // Saved, then opened as a viewer would: the drill lives in the view, not in the definition.
    await host.call(page, "return embedded.saveAs({ name: 'Jerarquía de fechas e2e' })");
    await host.waitForEvent(page, 'saved');
    const created = await harness().rest.report(groupId, 'Jerarquía de fechas e2e');
    const viewer = await host.openHost(harness(), 'ours');
    await viewer.setViewportSize({ width: 1440, height: 900 });
    const accessToken = await harness().rest.embedToken(`/groups/${groupId}/reports/${created.id}`);
    await host.embed(viewer, host.reportConfig({ ...created, accessToken, groupId }));
    await host.waitForEvent(viewer, 'rendered');
    const chart = host.frameOf(viewer).locator(`.visual[data-visual-name="${name}"]`);
    await chart.locator('svg').waitFor();
    await expect.poll(() => drawnTexts(chart)).toContain('2024');
    expect((await drawnTexts(chart)).some((text) => text.startsWith('Trim.'))).toBe(false);
    expect(await chart.getAttribute('data-drill-depth')).toBe('0');

    await chart.hover();
    await host.rerender(viewer, () =>
      chart.getByRole('button', { name: 'Rastrear desagrupando datos' }).click(),
    );
    expect(await chart.getAttribute('data-drill-depth')).toBe('1');
    await expect
      .poll(() => drawnTexts(chart))
      .toEqual(expect.arrayContaining(['Trim. 1', 'Trim. 2', 'Trim. 3', 'Trim. 4']));
    mkdirSync(docsScreenshots, { recursive: true });
    await chart.screenshot({ path: resolve(docsScreenshots, 'report-date-drill.png') });

    await host.rerender(viewer, () =>
      chart.getByRole('button', { name: 'Rastrear agrupando datos' }).click(),
    );
    expect(await chart.getAttribute('data-drill-depth')).toBe('0');
    await expect.poll(() => drawnTexts(chart)).toContain('2024');
    expect((await drawnTexts(chart)).some((text) => text.startsWith('Trim.'))).toBe(false);
    await Promise.all([page.close(), viewer.close()]);
  });
});
