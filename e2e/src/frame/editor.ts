/** Driving the frame's editor (apps/report-frame/src/editor) as an author would, by clicks. */
import type { Locator } from 'playwright-core';

/** A frame, or a locator of one inside a portal page: what the editor helpers need of either. */
interface FrameScope {
  locator(selector: string, options?: { hasText?: RegExp }): Locator;
}

/** What a visual draws once it has data: charts an SVG, a card its value, a table a table. */
const DRAWN = ':is(svg, [data-testid="card-value"], table, .slicer)';

/** Deselects, adds a visual of `type` and clicks each field into it; resolves with its name. */
export async function addVisual(frame: FrameScope, type: string, fields: string[]) {
  await frame.locator('.page-canvas').click({ position: { x: 5, y: 5 } });
  await frame.locator(`.visual-types [data-visual-type="${type}"]`).click();
  const name = (await frame.locator('.edit-box.selected').getAttribute('data-visual-name'))!;
  for (const field of fields) {
    await frame.locator('.fields-pane input[type="search"]').fill(field);
    const item = frame.locator('.fields-pane .field-item button', {
      hasText: new RegExp(`^${field}$`),
    });
    await item.first().click();
  }
  await frame.locator(`.visual[data-visual-name="${name}"] ${DRAWN}`).first().waitFor();
  return name;
}
