/**
 * What a reader sees of numbers and category labels in the demo reports (issue 26): no drawn
 * figure with float noise or, under Spanish, a "." decimal mark; and no category label of a
 * narrow chart silently dropped: each one stands, rotated or shortened with an ellipsis.
 */
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { call, embed, frameOf, openHost, screenshot, waitForEvent } from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const WORKSPACES = ['Comercial', 'Finanzas', 'Operaciones', 'Recursos Humanos'];
const ACTUAL_SIZE = 2;
const CUSTOM_LAYOUT = 1;

/** Every piece of text the visuals of the frame draw: HTML text and the charts' SVG text. */
function drawnTexts(frame: Frame): Promise<string[]> {
  return frame
    .locator('[data-visual-type]')
    .evaluateAll((visuals) =>
      visuals.flatMap((visual) => [
        ...[...visual.querySelectorAll('svg text')].map((text) => text.textContent ?? ''),
        ...(visual.querySelector('svg') ? [] : [(visual as HTMLElement).innerText]),
      ]),
    );
}

/** Figures a Spanish reader would stumble on: five or more decimals, or a "." decimal mark. */
function badFigures(text: string): string[] {
  const noisy = text.match(/\d[.,]\d{5,}(?![\d.,])/g) ?? [];
  // In Spanish "." groups thousands in threes (1.234.567); any other "." ends a whole number.
  const dotDecimal = text.match(/\d\.(\d{1,2}|\d{4,})(?![\d])/g) ?? [];
  return [...noisy, ...dotDecimal];
}

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

  test('no drawn figure of any demo page shows float noise or a "." decimal mark', async () => {
    const offending: string[] = [];
    for (const workspace of WORKSPACES) {
      const groupId = await harness().rest.groupId(workspace);
      for (const report of await harness().rest.reports(groupId)) {
        // Paginated reports have no visuals; a row-level-security copy draws its open twin's.
        if (report.reportType === 'PaginatedReport') continue;
        const datasetId = report.datasetId;
        if (
          datasetId &&
          (await harness().rest.identityRequired(report.datasetWorkspaceId ?? groupId, datasetId))
        )
          continue;
        await open(workspace, report.name ?? report.id);
        const pages = await call<string[]>(
          page,
          'return (await embedded.getPages()).filter((p) => p.visibility !== 1).map((p) => p.name)',
        );
        for (const [index, pageName] of pages.entries()) {
          if (index > 0) {
            await call(page, `return embedded.setPage('${pageName}')`);
            await waitForEvent(page, 'rendered', ++rendered);
          }
          for (const text of await drawnTexts(frameOf(page)))
            for (const bad of badFigures(text))
              offending.push(`${report.name}/${pageName}: ${bad}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

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
