/**
 * The editor's "Diseño móvil" in chromium: visuals of a page put on the phone canvas, moved and
 * resized there, saved into the page's mobileLayout, and drawn so by the phone view afterwards.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import * as hostPage from '../src/frame/harness.ts';
import { useFrameHarness } from '../src/frame/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

/** Presses at `from`, moves by (dx, dy) in steps, as a hand would, and lets go. */
async function dragBy(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 4 });
  await page.mouse.up();
}

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');
const REPORT = ['Recursos Humanos', 'Dotación y rotación'] as const;

describe.skipIf(!chromiumAvailable)('the editor authors a phone layout', () => {
  const harness = useFrameHarness();
  let page: Page;
  let target: hostPage.ReportTarget;
  const phone = () => hostPage.frameOf(page).getByRole('group', { name: 'Lienzo del teléfono' });
  const placedBox = (name: string) => phone().locator(`[data-visual-name="${name}"]`);

  beforeAll(async () => {
    target = await hostPage.demoReport(harness(), ...REPORT, 'Edit');
    page = await hostPage.openRenderedReport(harness(), 'ours', target);
    await hostPage.call(page, "return embedded.switchMode('edit')");
    await hostPage.frameOf(page).locator('.authoring[data-mode="edit"]').waitFor();
  });

  test('"Diseño móvil" shows the phone canvas; a click puts a visual on it', async () => {
    const frame = hostPage.frameOf(page);
    const toggle = frame.getByRole('button', { name: 'Diseño móvil' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const list = frame.getByRole('region', { name: 'Diseño móvil' }).locator('.mobile-layout-list');
    const names = await list
      .locator('button')
      .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset['visualName']!));
    expect(names.length).toBeGreaterThan(3);
    const [first, second] = await frame
      .locator('.mobile-layout-list button', { hasText: /Dotación|Rotación/ })
      .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset['visualName']!));
    await list.locator(`[data-visual-name="${first}"]`).click();
    await list.locator(`[data-visual-name="${second}"]`).click();
    expect(await phone().locator('.mobile-layout-box').count()).toBe(2);
    expect(await list.locator(`[data-visual-name="${first}"]`).count()).toBe(0);
    expect(await hostPage.call(page, 'return embedded.isSaved()')).toBe(false);
  });

  test('a drag moves a visual and the corner handle resizes it; save keeps the phone layout', async () => {
    const [first, second] = await phone()
      .locator('.mobile-layout-box')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLElement).dataset['visualName']!));
    const before = (await placedBox(second!).boundingBox())!;
    await dragBy(page, { x: before.x + 20, y: before.y + 30 }, 40, 60);
    const moved = (await placedBox(second!).boundingBox())!;
    expect(moved.y).toBeGreaterThan(before.y + 50);
    const handle = (await placedBox(first!).locator('.mobile-layout-handle').boundingBox())!;
    const firstBefore = (await placedBox(first!).boundingBox())!;
    await dragBy(page, { x: handle.x + 5, y: handle.y + 5 }, 0, 80);
    const resized = (await placedBox(first!).boundingBox())!;
    expect(resized.height).toBeGreaterThan(firstBefore.height + 60);
    await page.screenshot({ path: resolve(docsScreenshots, 'editor-diseno-movil.png') });

    await hostPage.call(page, 'return embedded.save()');
    await hostPage.waitForEvent(page, 'saved');
    const viewer = await hostPage.openHost(harness(), 'ours', { width: 375, height: 812 });
    const view = await hostPage.demoReport(harness(), ...REPORT);
    await hostPage.embed(viewer, hostPage.reportConfig(view, { settings: { layoutType: 2 } }));
    await hostPage.waitForEvent(viewer, 'rendered');
    const drawn = await hostPage
      .frameOf(viewer)
      .locator('section.visual')
      .evaluateAll((visuals) => visuals.map((v) => (v as HTMLElement).dataset['visualName']));
    expect(drawn.sort()).toEqual([first, second].sort());
    await viewer.close();
  });
});
