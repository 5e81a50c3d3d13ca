/** Which slicer items a click at their centre would miss, checked in the frame's own document. */
import type { Frame } from 'playwright-core';

/** Texts of the items matching `selector` whose centre, by elementFromPoint, is another element. */
export function missedItems(frame: Frame, selector: string): Promise<string[]> {
  return frame.evaluate((selector) => {
    const missed: string[] = [];
    for (const item of document.querySelectorAll(selector)) {
      item.scrollIntoView({ block: 'nearest' });
      const r = item.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !item.contains(hit)) missed.push(item.textContent ?? '');
    }
    return missed;
  }, selector);
}
