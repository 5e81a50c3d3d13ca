/**
 * The visual-quality suite (issue 26): every page of every demo report, at 1440 px and in the
 * phone view at 375 px, read as a user would see it. It fails on a drawn number with float noise
 * or a "." decimal under es, overlapping visuals or clipped text in the phone view, a slicer item
 * whose centre is not its own, a category label dropped without rotation or an ellipsis, and an
 * English text under es.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { messagesFor } from '@vitrina/report-frame/messages';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { call, embed, frameOf, openHost, waitForEvent } from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';
import {
  englishDefects,
  layoutDefects,
  numberDefects,
  slicerDefects,
} from '../src/frame/visual-quality.ts';
import { demoReports, type DemoReport } from '../src/frame/demo-reports.ts';

if (!chromiumAvailable) warnBrowserSkipped();

/** The charts with a category axis, whose labels must all be drawn (or rotated to fit). */
const CARTESIAN = new Set(
  `clusteredBarChart clusteredColumnChart stackedBarChart stackedColumnChart lineChart areaChart
  lineClusteredColumnComboChart waterfallChart`.split(/\s+/),
);
const MOBILE_PORTRAIT = 2;

/** Texts of the frame's English catalogue that differ from the Spanish one (longer than a word). */
function englishCatalogue(): string[] {
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];
  const spanish = new Set(strings(messagesFor('es')));
  return strings(messagesFor('en')).filter((text) => text.length > 6 && !spanish.has(text));
}

describe.skipIf(!chromiumAvailable)('visual quality of every demo page', () => {
  const harness = useFrameHarness();
  let reports: DemoReport[] = [];
  const englishTexts = englishCatalogue();

  beforeAll(async () => {
    reports = await demoReports(harness());
  });

  async function open(view: { width: number; height: number }) {
    const page = await openHost(harness(), 'ours', { width: view.width, height: view.height });
    await page.setViewportSize({ width: view.width, height: view.height + 100 });
    return page;
  }

  /** Embeds `report` and answers its pages' names and display names, hidden ones left out. */
  async function show(page: Page, report: DemoReport, phone: boolean, count: number) {
    await embed(page, {
      type: 'report',
      id: report.id,
      embedUrl: report.embedUrl,
      accessToken: report.accessToken,
      tokenType: 1,
      settings: { filterPaneEnabled: false, ...(phone ? { layoutType: MOBILE_PORTRAIT } : {}) },
    });
    await waitForEvent(page, 'rendered', count);
    return call<{ name: string; displayName: string }[]>(
      page,
      `return (await embedded.getPages())
         .filter((p) => p.visibility !== 1)
         .map((p) => ({ name: p.name, displayName: p.displayName }))`,
    );
  }

  /** Category labels missing from a cartesian chart when none of its labels is rotated. */
  async function droppedLabels(page: Page): Promise<string[]> {
    const frame = frameOf(page);
    const defects: string[] = [];
    const visuals = await frame
      .locator('[data-visual-type]')
      .evaluateAll((elements) =>
        elements.map((e) => [
          e.getAttribute('data-visual-name'),
          e.getAttribute('data-visual-type'),
        ]),
      );
    for (const [name, type] of visuals) {
      if (!name || !type || !CARTESIAN.has(type)) continue;
      const csv = await call<{ data: string }>(
        page,
        `const page = (await embedded.getPages()).find((p) => p.isActive);
         const visual = (await page.getVisuals()).find((v) => v.name === ${JSON.stringify(name)});
         return visual.exportData(0);`,
      );
      const categories = [
        ...new Set(
          csv.data
            .replace(/^\uFEFF/, '')
            .split(/\r?\n/)
            .slice(1)
            .filter(Boolean)
            .map((line) => line.split(/[;,]/)[0]!.replace(/^"|"$/g, '')),
        ),
      ];
      const drawn = await frame
        .locator(`[data-visual-name="${name}"] svg text`)
        .evaluateAll((texts) =>
          texts.map((text) => ({
            text: text.textContent ?? '',
            rotated:
              /rotate\((?!0)/.test(text.getAttribute('transform') ?? '') ||
              /matrix\((?!1,\s*0,\s*0,\s*1)/.test(text.getAttribute('transform') ?? ''),
          })),
        );
      const shown = (category: string) =>
        drawn.some(
          ({ text }) =>
            text === category || (text.endsWith('…') && category.startsWith(text.slice(0, -1))),
        );
      const missing = categories.filter((category) => !shown(category));
      const anyRotated = drawn.some(({ rotated }) => rotated);
      if (missing.length > 0 && (!anyRotated || missing.length > categories.length / 2)) {
        defects.push(
          `${name}: ${missing.length} of ${categories.length} category labels not drawn (${missing.slice(0, 3).join(', ')}…)`,
        );
      }
    }
    return defects;
  }

  for (const view of [
    { label: '1440 px', width: 1440, height: 810, phone: false },
    { label: 'phone, 375 px', width: 375, height: 740, phone: true },
  ]) {
    test(`every demo page at ${view.label}`, async () => {
      expect(reports.length).toBeGreaterThan(3);
      const page = await open(view);
      const defects: string[] = [];
      let rendered = 0;
      try {
        for (const report of reports) {
          const pages = await show(page, report, view.phone, ++rendered);
          for (const [index, reportPage] of pages.entries()) {
            if (index > 0) {
              await call(page, `return embedded.setPage('${reportPage.name}')`);
              await waitForEvent(page, 'rendered', ++rendered);
            }
            const frame = frameOf(page);
            const layout = await frame.locator('.report').getAttribute('data-layout');
            expect(layout, report.name).toBe(view.phone ? 'phone' : 'master');
            const found = [
              ...(await numberDefects(frame, { locale: 'es' })),
              ...(await englishDefects(frame, { locale: 'es', englishTexts })),
              ...(await slicerDefects(frame)),
              ...(view.phone ? await layoutDefects(frame) : await droppedLabels(page)),
            ];
            defects.push(...found.map((d) => `${report.name} / ${reportPage.displayName}: ${d}`));
          }
        }
      } finally {
        await page.close();
      }
      expect(defects).toEqual([]);
    });
  }
});
