/**
 * Where visuals go on the page (design units): a new visual takes the first free place, read
 * left to right and top to bottom, and a moved or resized one snaps to the other visuals' edges
 * and centres, to the page's, or else to the grid, returning the guides to draw while dragging.
 */
import type { PageDefinition, VisualLayout } from '../api/types.ts';

export const GRID = 8;
/** Space kept around a new visual, so that two never touch. */
const GAP = GRID * 2;
/** How near (design units) an edge must come to another to stick to it. */
const SNAP_DISTANCE = 6;
/** Power BI's size for a new visual; smaller when the page has no free place that big. */
const NEW_SIZES = [
  { width: 400, height: 280 },
  { width: 280, height: 200 },
  { width: 200, height: 140 },
];

export type Rect = Pick<VisualLayout, 'x' | 'y' | 'width' | 'height'>;

const overlaps = (a: Rect, b: Rect, gap: number) =>
  a.x < b.x + b.width + gap &&
  b.x < a.x + a.width + gap &&
  a.y < b.y + b.height + gap &&
  b.y < a.y + a.height + gap;

/** The first place where a rect of `size` overlaps none of the page's visuals. */
function freePlace(page: PageDefinition, size: Omit<Rect, 'x' | 'y'>): Rect | undefined {
  const others = page.visuals.map((v) => v.layout);
  for (let y = GAP; y + size.height <= page.height - GAP; y += GRID)
    for (let x = GAP; x + size.width <= page.width - GAP;) {
      const rect = { x, y, ...size };
      const blocker = others.find((other) => overlaps(rect, other, GAP));
      if (!blocker) return rect;
      // Nothing fits before the blocker's right edge on this row: go on from there.
      x = Math.max(x + GRID, Math.ceil((blocker.x + blocker.width + GAP) / GRID) * GRID);
    }
  return undefined;
}

/** A new visual's box: the first free place, shrinking the visual if it must; on a full page, the top left. */
export function newVisualBox(page: PageDefinition): Rect {
  for (const size of NEW_SIZES) {
    const place = freePlace(page, size);
    if (place) return place;
  }
  return { x: GAP, y: GAP, ...NEW_SIZES[0]! };
}

/** A line to draw while dragging: vertical (`x`) or horizontal (`y`) at `at`, from..to across. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
}

interface AxisSnap {
  delta: number;
  at: number;
  /** The rect the moving edge met, for the guide's extent (undefined: the page). */
  other?: Rect;
}

/** Positions of a rect's edges and centre on one axis. */
function lines(rect: Rect, axis: 'x' | 'y'): number[] {
  const start = axis === 'x' ? rect.x : rect.y;
  const size = axis === 'x' ? rect.width : rect.height;
  return [start, start + size / 2, start + size];
}

/** The nearest match, within SNAP_DISTANCE, of `moving` edges against the targets' lines. */
function nearest(moving: number[], targets: { rect?: Rect; lines: number[] }[]): AxisSnap | null {
  let best: AxisSnap | null = null;
  for (const edge of moving)
    for (const target of targets)
      for (const at of target.lines) {
        const delta = at - edge;
        if (Math.abs(delta) <= SNAP_DISTANCE && (!best || Math.abs(delta) < Math.abs(best.delta)))
          best = { delta, at, ...(target.rect && { other: target.rect }) };
      }
  return best;
}

function guideFor(axis: 'x' | 'y', snap: AxisSnap, rect: Rect, page: PageDefinition): Guide {
  const across = axis === 'x' ? 'y' : 'x';
  const extent = (r: Rect) => lines(r, across);
  if (!snap.other)
    return { axis, at: snap.at, from: 0, to: axis === 'x' ? page.height : page.width };
  const ends = [...extent(rect), ...extent(snap.other)];
  return { axis, at: snap.at, from: Math.min(...ends), to: Math.max(...ends) };
}

const toGrid = (n: number) => Math.round(n / GRID) * GRID;

/**
 * Snaps a box being moved (all its edges) or resized (its right and bottom edges) on the page:
 * to another visual's or the page's edge or centre when one is near, else to the grid.
 */
export function snapBox(
  page: PageDefinition,
  movingName: string,
  box: Rect,
  mode: 'move' | 'resize',
): { box: Rect; guides: Guide[] } {
  const others = page.visuals.filter((v) => v.name !== movingName).map((v) => v.layout);
  const pageRect = { x: 0, y: 0, width: page.width, height: page.height };
  const next = { ...box };
  const guides: Guide[] = [];
  for (const axis of ['x', 'y'] as const) {
    const targets = [
      { lines: lines(pageRect, axis) },
      ...others.map((rect) => ({ rect, lines: lines(rect, axis) })),
    ];
    const edges = lines(next, axis);
    const moving = mode === 'move' ? edges : [edges[2]!];
    const snap = nearest(moving, targets);
    const sizeKey = axis === 'x' ? 'width' : 'height';
    if (mode === 'move') next[axis] = snap ? next[axis] + snap.delta : toGrid(next[axis]);
    else
      next[sizeKey] = snap
        ? next[sizeKey] + snap.delta
        : toGrid(next[axis] + next[sizeKey]) - next[axis];
    if (snap) guides.push(guideFor(axis, snap, next, page));
  }
  return { box: next, guides };
}
