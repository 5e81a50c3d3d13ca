import { describe, expect, it } from 'vitest';
import type { PageDefinition } from '../api/types.ts';
import { sampleReport } from '../../test/sample-report.ts';
import { GRID, newVisualBox, snapBox, type Rect } from './placement.ts';
import { addVisual } from './visual-edits.ts';

const sample = sampleReport.definition.pages[0]!;
const empty: PageDefinition = { ...sample, visuals: [] };

const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function addMany(page: PageDefinition, count: number): PageDefinition {
  let next = page;
  for (let i = 0; i < count; i++) next = addVisual(next, 'clusteredColumnChart').page;
  return next;
}

function expectNoOverlapInside(page: PageDefinition) {
  const boxes = page.visuals.map((v) => v.layout);
  for (const [i, a] of boxes.entries()) {
    expect(a.x + a.width).toBeLessThanOrEqual(page.width);
    expect(a.y + a.height).toBeLessThanOrEqual(page.height);
    for (const b of boxes.slice(i + 1)) expect(overlap(a, b), JSON.stringify([a, b])).toBe(false);
  }
}

describe('a new visual goes to the first free place', () => {
  it('fills an empty page left to right, then top to bottom, with no overlap', () => {
    const page = addMany(empty, 4);
    const [first, second, third] = page.visuals.map((v) => v.layout);
    expect(first).toMatchObject({ x: GRID * 2, y: GRID * 2, width: 400, height: 280 });
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width);
    expect(third!.y).toBe(first!.y);
    expectNoOverlapInside(page);
  });

  it('finds the gaps between the visuals a page already has, shrinking when it must', () => {
    const page = addMany(sample, 3);
    expectNoOverlapInside(page);
    expect(page.visuals).toHaveLength(sample.visuals.length + 3);
  });

  it('on a full page still lands inside it (top left)', () => {
    const full = addMany(empty, 30);
    const last = full.visuals.at(-1)!.layout;
    expect(last).toMatchObject({ x: GRID * 2, y: GRID * 2 });
    expect(newVisualBox(full)).toMatchObject({ x: GRID * 2, y: GRID * 2 });
  });
});

describe('snapping while moving and resizing', () => {
  // V1 is the card at 0,0 320×120; V2 the line chart at 0,140 640×300.
  const [move, resize] = (['move', 'resize'] as const).map(
    (mode) => (name: string, box: Rect) => snapBox(sample, name, box, mode),
  );
  it("sticks a moved box's left edge to a nearby visual's right edge, with a guide", () => {
    const { box, guides } = move!('V4', { x: 323, y: 500, width: 300, height: 100 });
    expect(box.x).toBe(320);
    expect(guides).toContainEqual(expect.objectContaining({ axis: 'x', at: 320 }));
  });

  it('lines up centres too, and falls back to the grid when nothing is near', () => {
    const centred = move!('V4', { x: 122, y: 560, width: 80, height: 50 });
    expect(centred.box.x + centred.box.width / 2).toBe(160);
    const free = move!('V4', { x: 1003, y: 541, width: 150, height: 90 });
    expect(free.box).toEqual({ x: 1000, y: 544, width: 150, height: 90 });
    expect(free.guides).toEqual([]);
  });

  it("snaps a resized box's right and bottom edges, never its top left", () => {
    const { box, guides } = resize!('V1', { x: 0, y: 0, width: 636, height: 297 });
    expect(box).toEqual({ x: 0, y: 0, width: 640, height: 300 });
    expect(guides.map((g) => g.axis).sort()).toEqual(['x', 'y']);
  });
});
