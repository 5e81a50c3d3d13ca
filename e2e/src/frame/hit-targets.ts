/**
 * Checks drawn in the frame's own document: which slicer items a click at their centre would miss,
 * which visuals overlap and which texts are cut off, as a user would see them.
 */
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

/** Pairs of visuals (by name) whose boxes overlap on the page. */
export function overlappingVisuals(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('section.visual')].map((v) => ({
      name: v.dataset['visualName'] ?? '',
      r: v.getBoundingClientRect(),
    }));
    const pairs: string[] = [];
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        if (
          a.r.left < b.r.right - 0.5 &&
          b.r.left < a.r.right - 0.5 &&
          a.r.top < b.r.bottom - 0.5 &&
          b.r.top < a.r.bottom - 0.5
        )
          pairs.push(`${a.name}/${b.name}`);
    return pairs;
  });
}

/**
 * HTML texts cut off without an ellipsis (cards, titles, slicers, KPIs): an element with its own
 * text wider than its box, or reaching out of its visual's box. Text inside a scrolling area (a
 * table) is reachable, not cut. The charts' SVG labels are the label layout's to fit, not this.
 */
export function clippedTexts(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const clipped: string[] = [];
    for (const visual of document.querySelectorAll<HTMLElement>('section.visual')) {
      const box = visual.getBoundingClientRect();
      for (const element of visual.querySelectorAll<HTMLElement>('*')) {
        const ownText = [...element.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        );
        if (!ownText || element instanceof SVGElement) continue;
        if (element.closest('.table-visual, .matrix-visual, .slicer-list')) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        const r = element.getBoundingClientRect();
        const overflows = element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
        const outside = r.right > box.right + 1 || r.bottom > box.bottom + 1;
        if ((overflows && style.textOverflow !== 'ellipsis') || outside)
          clipped.push(`${visual.dataset['visualName']}: ${element.textContent?.trim()}`);
      }
    }
    return clipped;
  });
}
