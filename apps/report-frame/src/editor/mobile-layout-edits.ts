/**
 * Edits of a page's phone layout ("Diseño móvil"): pure functions over `page.mobileLayout`, in the
 * phone canvas's own units (PHONE_CANVAS_WIDTH wide, as Power BI's phone canvas). A visual not in
 * the list is not shown on a phone that uses the authored layout.
 */
import type { PageDefinition } from '../api/types.ts';

type MobileEntry = NonNullable<PageDefinition['mobileLayout']>[number];

export const PHONE_CANVAS_WIDTH = 360;
const GAP = 8;
const MIN_SIZE = 40;
const CARD_TYPES = new Set(['card', 'kpi', 'gauge', 'textbox', 'actionButton']);

const entriesOf = (page: PageDefinition): MobileEntry[] => page.mobileLayout ?? [];

function withEntries(page: PageDefinition, entries: MobileEntry[]): PageDefinition {
  const { mobileLayout: _old, ...rest } = page;
  return entries.length ? { ...rest, mobileLayout: entries } : rest;
}

/** Puts a visual of the page on the phone canvas, under everything already there. */
export function placeOnPhone(page: PageDefinition, visualName: string): PageDefinition {
  const visual = page.visuals.find((v) => v.name === visualName);
  const entries = entriesOf(page);
  if (!visual || entries.some((e) => e.name === visualName)) return page;
  const bottom = Math.max(0, ...entries.map((e) => e.y + e.height + GAP));
  const small = CARD_TYPES.has(visual.type);
  const width = small ? (PHONE_CANVAS_WIDTH - GAP) / 2 : PHONE_CANVAS_WIDTH;
  const height = small
    ? 100
    : Math.max(200, Math.round((visual.layout.height / visual.layout.width) * width));
  return withEntries(page, [...entries, { name: visualName, x: 0, y: bottom, width, height }]);
}

/** Moves and/or resizes a placed visual, kept inside the canvas's width and above its top. */
export function setPhoneBox(
  page: PageDefinition,
  visualName: string,
  box: { x: number; y: number; width: number; height: number },
): PageDefinition {
  const entries = entriesOf(page);
  if (!entries.some((e) => e.name === visualName)) return page;
  const width = Math.round(Math.min(PHONE_CANVAS_WIDTH, Math.max(MIN_SIZE, box.width)));
  const height = Math.round(Math.max(MIN_SIZE, box.height));
  const x = Math.round(Math.min(PHONE_CANVAS_WIDTH - width, Math.max(0, box.x)));
  const y = Math.round(Math.max(0, box.y));
  return withEntries(
    page,
    entries.map((e) => (e.name === visualName ? { name: e.name, x, y, width, height } : e)),
  );
}

/** Takes a visual off the phone canvas (it stays on the desktop page). */
export function removeFromPhone(page: PageDefinition, visualName: string): PageDefinition {
  return withEntries(
    page,
    entriesOf(page).filter((e) => e.name !== visualName),
  );
}
