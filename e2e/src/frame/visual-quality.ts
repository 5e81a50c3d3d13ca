/**
 * What a user sees wrong in a drawn report page, read from the frame's DOM (the charts draw SVG, so
 * their labels are text nodes too). Each check returns the defects it found, one readable line
 * each, so a failing test says which visual and which text; an empty list is a clean page.
 */
import type { Frame } from 'playwright-core';

export interface QualityOptions {
  /** The report's locale: under `es` a `.` is only ever a thousands separator. */
  locale: 'es' | 'en';
  /** English texts of the frame's catalogue that must not show under es. */
  englishTexts?: string[];
}

/**
 * Numbers with float noise (more than 4 decimals) or, under es, a `.` used as the decimal
 * separator: every digit group after a `.` must be exactly three digits long.
 */
export async function numberDefects(frame: Frame, options: QualityOptions): Promise<string[]> {
  const texts = await visualTexts(frame);
  const defects: string[] = [];
  for (const { visual, text } of texts) {
    for (const token of text.match(/-?\d[\d.,]*\d/g) ?? []) {
      const problem = numberProblem(token, options.locale);
      if (problem) defects.push(`${visual}: "${token}" in "${text.slice(0, 60)}" (${problem})`);
    }
  }
  return defects;
}

/** Exported for its unit test: what is wrong with one drawn number token, if anything. */
export function numberProblem(token: string, locale: 'es' | 'en'): string | undefined {
  const [decimalMark, groupMark] = locale === 'es' ? [',', '.'] : ['.', ','];
  const parts = token.replace(/^-/, '').split(decimalMark);
  if (parts.length > 2) return 'more than one decimal separator';
  const [whole = '', decimals] = parts;
  if (decimals !== undefined && decimals.length > 4) return 'float noise';
  if (decimals !== undefined && decimals.includes(groupMark)) return 'group mark after decimals';
  const groups = whole.split(groupMark);
  // Dates (dd.mm.yyyy) are not drawn by the frame; a group of other than three digits after the
  // group mark is a decimal written with the wrong separator.
  if (groups.slice(1).some((group) => group.length !== 3)) {
    return locale === 'es' ? '"." as decimal separator' : '"," as decimal separator';
  }
  return undefined;
}

/** Texts of the English catalogue, or English sentences, shown while the report is in Spanish. */
export async function englishDefects(frame: Frame, options: QualityOptions): Promise<string[]> {
  if (options.locale !== 'es') return [];
  const pageText = await frame.locator('body').innerText();
  const defects = (options.englishTexts ?? [])
    .filter((english) => containsPhrase(pageText, english))
    .map((english) => `English text "${english}"`);
  const sentence = /\b(the|needs|least|must|cannot|could not|failed|not found|please)\b/i.exec(
    pageText,
  );
  if (sentence) defects.push(`English word "${sentence[0]}" near "${around(pageText, sentence)}"`);
  return defects;
}

/**
 * Visuals whose boxes overlap (phone view), and text cut by its box without an ellipsis or
 * reaching out of its visual.
 */
export async function layoutDefects(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    /**
     * The part of an SVG element that its ancestors' clip paths let through, or nothing when they
     * hide it all: ECharts' paged legend keeps the items of its other pages drawn outside the
     * visual, clipped away, and a user never sees them. Each clip shape is taken to its screen box
     * through its own transform and the screen matrix of the element that references it.
     */
    function clippedRect(element: SVGElement): DOMRect | undefined {
      let { left, top, right, bottom } = element.getBoundingClientRect();
      for (
        let node: Element | null = element;
        node instanceof SVGElement;
        node = node.parentElement
      ) {
        const id = /url\(["']?#([^"')]+)/.exec(node.getAttribute('clip-path') ?? '')?.[1];
        const shape = id ? document.getElementById(id)?.firstElementChild : undefined;
        const screen = node instanceof SVGGraphicsElement ? node.getScreenCTM() : null;
        if (!(shape instanceof SVGGraphicsElement) || !screen) continue;
        const own = shape.transform.baseVal.consolidate()?.matrix ?? new DOMMatrix();
        const matrix = DOMMatrix.fromMatrix(screen).multiply(DOMMatrix.fromMatrix(own));
        const bbox = shape.getBBox();
        const corners = [
          [bbox.x, bbox.y],
          [bbox.x + bbox.width, bbox.y + bbox.height],
        ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
        left = Math.max(left, Math.min(...corners.map((p) => p.x)));
        top = Math.max(top, Math.min(...corners.map((p) => p.y)));
        right = Math.min(right, Math.max(...corners.map((p) => p.x)));
        bottom = Math.min(bottom, Math.max(...corners.map((p) => p.y)));
      }
      return right > left && bottom > top
        ? new DOMRect(left, top, right - left, bottom - top)
        : undefined;
    }

    const defects: string[] = [];
    const containers = [...document.querySelectorAll<HTMLElement>('[data-visual-name]')].filter(
      (element) => element.getClientRects().length > 0,
    );
    const boxes = containers.map((element) => ({
      name: element.dataset['visualName'] ?? '?',
      box: element.getBoundingClientRect(),
    }));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > 1 && height > 1) defects.push(`${a.name} overlaps ${b.name}`);
      }
    }
    for (const { name, box } of boxes) {
      const container = containers.find((element) => element.dataset['visualName'] === name)!;
      for (const element of container.querySelectorAll<HTMLElement>('*')) {
        if (element.children.length > 0 || !element.textContent?.trim()) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        if (element instanceof SVGElement) {
          const own = clippedRect(element);
          if (!own) continue;
          const outside = own.right > box.right + 1 || own.bottom > box.bottom + 1;
          if (outside && own.width > 0) defects.push(`${name}: "${element.textContent}" cut off`);
          continue;
        }
        const clipped =
          element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis';
        // Text in a scrolling area (a table, a slicer's list) is reachable there, not cut.
        const scrolled = element.closest('.table-visual, .matrix-visual, .slicer-list') !== null;
        const own = element.getBoundingClientRect();
        const outside = !scrolled && (own.right > box.right + 1 || own.bottom > box.bottom + 1);
        if ((clipped && style.overflow !== 'visible' && style.overflowX !== 'auto') || outside) {
          defects.push(`${name}: "${element.textContent.trim().slice(0, 40)}" clipped`);
        }
      }
    }
    return defects;
  });
}

/** Slicer items whose centre, by `elementFromPoint`, belongs to something else. */
export async function slicerDefects(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const defects: string[] = [];
    for (const slicer of document.querySelectorAll<HTMLElement>('[data-visual-type="slicer"]')) {
      for (const item of slicer.querySelectorAll<HTMLElement>('[role="option"]')) {
        const box = item.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!hit || !item.contains(hit)) {
          defects.push(
            `${slicer.dataset['visualName']}: item "${item.textContent?.trim()}" is covered by ${hit?.tagName ?? 'nothing'}`,
          );
        }
      }
    }
    return defects;
  });
}

/** The visible text of every visual container, by visual name. */
async function visualTexts(frame: Frame): Promise<{ visual: string; text: string }[]> {
  return frame.evaluate(() => {
    const texts: { visual: string; text: string }[] = [];
    for (const container of document.querySelectorAll<HTMLElement>('[data-visual-name]')) {
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (text) texts.push({ visual: container.dataset['visualName'] ?? '?', text });
      }
    }
    return texts;
  });
}

function containsPhrase(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
}

function around(text: string, match: RegExpExecArray): string {
  return text.slice(Math.max(0, match.index - 30), match.index + 30).replace(/\s+/g, ' ');
}
