import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const screenshotDir = resolve(import.meta.dirname, '../../screenshots/portal');

/** The two widths every portal screen is checked at. */
export const viewports = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Saves a full-page screenshot as e2e/screenshots/portal/<name>-<viewport>.png. */
export async function snap(page: Page, name: string, viewport: ViewportName): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}-${viewport}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

const axeSource = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page and returns the serious and critical violations (WCAG A/AA rules). */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the devtools protocol: the portal's CSP rightly refuses inline scripts.
  // Once per document: the portal is a single-page app, so a screen after the first in the same
  // document finds axe there already (650 KB less to parse and compile each time).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: string[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Waits until the page's motion is over: no tooltip open, every CSS animation and transition
 * that ends (Ant Design's drawers, menus and fades; a spinner's endless turn is left out) ended,
 * and two frames drawn since, so the layout of a new width is laid out and painted. This waits
 * for the events themselves instead of a fixed 400 ms per width (decision 0325).
 */
async function motionSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const twoFrames = () =>
      new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    // A re-render after the width changed may start motion a frame later, and a tooltip left by
    // the parked pointer closes after its delay: look again after each wait.
    for (let round = 0; round < 30; round++) {
      await twoFrames();
      if (document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')) continue;
      const ending = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState !== 'finished' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (ending.length === 0) return;
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * Screenshots the current screen at desktop and phone widths and returns axe's serious and
 * critical findings at both, tagged with the screen name (empty when the screen is clean).
 * `settleMs` is a further wait for what the page cannot see end: a report redrawn inside its
 * cross-origin frame.
 */
async function captureScreen(
  page: Page,
  name: string,
  settleMs = 0,
): Promise<(AxeViolation & { screen: string })[]> {
  const original = page.viewportSize();
  const found: (AxeViolation & { screen: string })[] = [];
  for (const [viewport, size] of Object.entries(viewports) as [
    ViewportName,
    { width: number; height: number },
  ][]) {
    await page.setViewportSize(size);
    // Park the pointer (no stray tooltips) and let layouts, motion and re-drawn reports settle.
    await page.mouse.move(1, 1);
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
    await motionSettled(page);
    if (settleMs > 0) await page.waitForTimeout(settleMs);
    await snap(page, name, viewport);
    found.push(
      ...(await seriousViolations(page)).map((v) => ({ ...v, screen: `${name}@${viewport}` })),
    );
  }
  if (original) await page.setViewportSize(original);
  return found;
}

/** Keeps a picture of the page when a test fails (e2e/screenshots/portal/failed-<test>.png). */
export async function snapFailure(page: Page, testName: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const safe = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  await page
    .screenshot({ path: join(screenshotDir, `failed-${safe}.png`), fullPage: true })
    .catch(() => undefined);
}

/** Screenshots a screen at both widths and fails with axe's findings if any is serious or critical. */
export async function checkScreen(page: Page, name: string, settleMs?: number): Promise<void> {
  const found = await captureScreen(page, name, settleMs);
  if (found.length > 0)
    throw new Error(`accessibility violations:\n${JSON.stringify(found, null, 2)}`);
}
