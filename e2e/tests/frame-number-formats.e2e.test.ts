/**
 * Category labels and data labels of a narrow chart (issue 26): no category label silently
 * dropped (each one stands, rotated or shortened with an ellipsis), and data labels in Spanish
 * display units. Float noise and "." decimals on every demo page are the visual-quality suite's
 * (frame-visual-quality.e2e.test.ts).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { call, embed, frameOf, openHost, screenshot, waitForEvent } from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const ACTUAL_SIZE = 2;
const CUSTOM_LAYOUT = 1;

describe.skipIf(!chromiumAvailable)('numbers and labels as a reader sees them', () => {
  const harness = useFrameHarness();
  let page: Page;
  let rendered = 0;

  beforeAll(async () => {
    page = await openHost(harness(), 'ours');
  });

  async function open(workspace: string, name: string) {
    const groupId = await harness().rest.groupId(workspace);
    const report = await harness().rest.report(groupId, name);
    const path = `/groups/${groupId}/reports/${report.id}`;
    await embed(page, {
      type: 'report',
      id: report.id,
      embedUrl: report.embedUrl,
      accessToken: await harness().rest.embedToken(path, 'View'),
      tokenType: 1,
      settings: { filterPaneEnabled: false },
    });
    await waitForEvent(page, 'rendered', ++rendered);
  }

  test('a column chart 300 px wide shows every category, rotated or with an ellipsis; its data labels in units', async () => {
    const title = 'Margen por categoría';
    await open('Comercial', 'Análisis de productos');
    await call(page, "return embedded.setPage('ReportSection2')");
    await waitForEvent(page, 'rendered', ++rendered);
    const name = await call<string>(
      page,
      `const visuals = await (await embedded.getPages()).find((p) => p.name === 'ReportSection2').getVisuals();
       return visuals.find((v) => v.title === '${title}').name;`,
    );
    await call(
      page,
      `return embedded.updateSettings(${JSON.stringify({
        layoutType: CUSTOM_LAYOUT,
        customLayout: {
          displayOption: ACTUAL_SIZE,
          pagesLayout: {
            ReportSection2: {
              visualsLayout: { [name]: { x: 836, y: 400, width: 300, height: 300 } },
            },
          },
        },
      })})`,
    );
    await waitForEvent(page, 'rendered', ++rendered);
    const csv = await call<{ data: string }>(
      page,
      `const visuals = await (await embedded.getPages()).find((p) => p.name === 'ReportSection2').getVisuals();
       return visuals.find((v) => v.title === '${title}').exportData(0);`,
    );
    const [header, ...rows] = csv.data.trim().split(/\r?\n/);
    expect(header).toBe('Categoría;Margen');
    const categories = rows.map((row) => row.split(';')[0]!);
    expect(categories.length).toBeGreaterThan(4);

    const frame = frameOf(page);
    const chart = frame.locator(`[data-visual-name="${name}"]`);
    await chart.locator('svg').waitFor();
    const texts = await chart.locator('svg text').evaluateAll((elements) =>
      elements.map((text) => ({
        content: text.textContent ?? '',
        transform: text.getAttribute('transform') ?? '',
      })),
    );
    const rotated = (transform: string) => {
      const matrix = /matrix\(([^)]+)\)/.exec(transform)?.[1]?.split(/[ ,]+/).map(Number);
      return /rotate/.test(transform) || (!!matrix && Math.abs(matrix[1] ?? 0) > 0.1);
    };
    for (const category of categories) {
      const label = texts.find(
        (t) =>
          t.content === category ||
          (t.content.endsWith('…') && category.startsWith(t.content.slice(0, -1))),
      );
      expect(label, `${category} is not drawn`).toBeDefined();
      expect(rotated(label!.transform) || label!.content.endsWith('…'), category).toBe(true);
    }
    // The data labels: Spanish display units, no raw float.
    const figures = texts.map((t) => t.content).filter((t) => /^-?S\/\s/.test(t));
    expect(figures.length).toBeGreaterThanOrEqual(categories.length);
    for (const figure of figures)
      expect(figure).toMatch(/^-?S\/\s[\d.]+(,\d{1,2})?(\s(mil|M|mil\sM))?$/);
    await screenshot(page, 'frame-narrow-column-labels');
  });
});
