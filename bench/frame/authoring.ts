/**
 * Authoring benchmark (issue 13; not a test): in headless chromium, a create embed on the demo
 * sales dataset (1 M sales rows). Each sample adds a clustered column chart, clicks a measure into
 * it and lets it draw, then drags a category column onto its axis well: the time from the `drop`
 * event to the first paint of the chart's final drawing with that axis (the text of its SVG, once
 * it has stayed the same for a second), in the frame's own clock. Each axis and measure pair is new to the BI service in the first pass;
 * a second pass repeats the pairs, now answered from the BI service's result cache. Beside them,
 * the frame's re-render after `setFilters` on the demo sales report, measured in the same run.
 * Run: `npm run bench -- frame-authoring` (or `./node_modules/.bin/node bench/frame/authoring.ts`).
 */
import type { Frame } from 'playwright-core';
import { chromiumAvailable } from '../../e2e/src/browser.ts';
import {
  demoCreateConfig,
  demoReport,
  embed,
  frameOf,
  openHost,
  startFrameHarness,
} from '../../e2e/src/frame/harness.ts';
import { FILTER_SAMPLES, filterRerenderSamples, median, ms, percentile } from './frame-timing.ts';

/** Axis columns and measures that no demo report page puts together: 20 queries new to the run. */
const CATEGORIES = ['Formato', 'Segmento', 'Marca', 'Rango de edad', 'Ciudad'];
const MEASURES = ['Descuentos', 'Precio promedio', 'Clientes', 'Ticket promedio'];
const PAIRS = CATEGORIES.flatMap((category) => MEASURES.map((measure) => ({ category, measure })));

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

async function findField(frame: Frame, kind: 'column' | 'measure', name: string) {
  await frame.locator('.fields-pane input[type="search"]').fill(name);
  return frame
    .locator(`.fields-pane .field-item.${kind} button`, { hasText: exactly(name) })
    .first();
}

interface ChartTimeline {
  droppedAt: number;
  /** Every change of the visual's chart text, with the animation frame that painted it. */
  changes: { text: string; paintedAt: number }[];
}

/** Starts recording, in the frame, the next `drop` and every later change of the chart's text. */
function recordDrop(frame: Frame, visualName: string) {
  return frame.evaluate((name) => {
    const timeline: ChartTimeline = { droppedAt: Number.NaN, changes: [] };
    (window as unknown as { chartTimeline: ChartTimeline }).chartTimeline = timeline;
    document.addEventListener('drop', () => (timeline.droppedAt = performance.now()), {
      capture: true,
      once: true,
    });
    let last = document.querySelector(`.visual[data-visual-name="${name}"] svg`)?.textContent;
    new MutationObserver(() => {
      const text = document.querySelector(`.visual[data-visual-name="${name}"] svg`)?.textContent;
      if (Number.isNaN(timeline.droppedAt) || text === last || !text) return;
      last = text;
      const change = { text, paintedAt: Number.NaN };
      timeline.changes.push(change);
      requestAnimationFrame(() => (change.paintedAt = performance.now()));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, visualName);
}

/**
 * Waits until the chart has kept the same text for a second, then answers the time from the drop
 * to the first paint of that final drawing (the chart may show an intermediate one before it).
 */
async function droppedToDrawn(frame: Frame): Promise<number> {
  const handle = await frame.waitForFunction(() => {
    const { droppedAt, changes } = (window as unknown as { chartTimeline: ChartTimeline })
      .chartTimeline;
    const final = changes.at(-1);
    if (!final || Number.isNaN(final.paintedAt) || performance.now() - final.paintedAt < 1000)
      return undefined;
    return changes.find((change) => change.text === final.text)!.paintedAt - droppedAt;
  });
  return (await handle.jsonValue())!;
}

/** One sample: a new chart with `measure`, then `category` dropped on its axis; the visual is then deleted. */
async function sample(frame: Frame, category: string, measure: string): Promise<number> {
  await frame.locator('.page-canvas').click({ position: { x: 5, y: 5 } });
  await frame.locator('.visual-types [data-visual-type="clusteredColumnChart"]').click();
  const name = (await frame.locator('.edit-box.selected').getAttribute('data-visual-name'))!;
  const visual = frame.locator(`.visual[data-visual-name="${name}"]`);
  await (await findField(frame, 'measure', measure)).click();
  await visual.locator('svg').waitFor();
  const column = await findField(frame, 'column', category);
  await recordDrop(frame, name);
  await column.dragTo(frame.locator('.well[data-role="category"]'));
  const elapsed = await droppedToDrawn(frame);
  await frame.locator('.edit-overlay').press('Delete');
  await visual.waitFor({ state: 'detached' });
  return elapsed;
}

async function main() {
  if (!chromiumAvailable) throw new Error('chromium is needed for this benchmark');
  const harness = await startFrameHarness();
  try {
    const groupId = await harness.rest.groupId('Comercial');
    const page = await openHost(harness, 'ours');
    await embed(page, await demoCreateConfig(harness, groupId, 'Ventas generales'), 'createReport');
    const frame = frameOf(page);
    await frame.locator('.authoring[data-mode="edit"]').waitFor();
    const passes: number[][] = [];
    for (const pass of ['new', 'repeated']) {
      const samples: number[] = [];
      for (const { category, measure } of PAIRS)
        samples.push(await sample(frame, category, measure));
      passes.push(samples);
      console.log(`${pass} queries, ms: ${samples.map((s) => s.toFixed(0)).join(' ')}`);
    }
    await page.close();
    const sales = await demoReport(harness, 'Comercial', 'Ventas generales');
    const filters = await filterRerenderSamples(harness, 'ours', sales);
    console.log(`setFilters re-render, ms: ${filters.map((s) => s.toFixed(0)).join(' ')}`);

    const row = (label: string, samples: number[]) =>
      `| ${label} | ${samples.length} | ${ms(median(samples))} | ${ms(percentile(samples, 95))} |`;
    console.log('\nAuthoring in the frame, demo sales dataset (1 M rows), our SDK\n');
    console.log('| measure | samples | median | p95 |');
    console.log('| --- | --- | --- | --- |');
    console.log(
      row('field dropped on a new visual → drawn, query new to the BI service', passes[0]!),
    );
    console.log(row('the same, fields already queried (BI result cache)', passes[1]!));
    console.log(row(`frame re-render after setFilters (${FILTER_SAMPLES} countries)`, filters));
  } finally {
    await harness.stop();
  }
}

await main();
