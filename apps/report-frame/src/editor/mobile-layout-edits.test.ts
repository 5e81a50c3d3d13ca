import { describe, expect, it } from 'vitest';
import type { PageDefinition } from '../api/types.ts';
import {
  PHONE_CANVAS_WIDTH,
  placeOnPhone,
  removeFromPhone,
  setPhoneBox,
} from './mobile-layout-edits.ts';

const page: PageDefinition = {
  name: 'P1',
  displayName: 'Resumen',
  width: 1280,
  height: 720,
  visuals: [
    {
      name: 'card',
      type: 'card',
      fields: {},
      layout: { x: 0, y: 0, z: 0, width: 300, height: 100 },
    },
    {
      name: 'chart',
      type: 'lineChart',
      fields: {},
      layout: { x: 0, y: 120, z: 0, width: 800, height: 300 },
    },
  ],
};

describe('phone layout edits', () => {
  it('places visuals one under the other: a card on half the width, a chart on all of it', () => {
    const placed = placeOnPhone(placeOnPhone(page, 'card'), 'chart');
    const [card, chart] = placed.mobileLayout!;
    expect(card).toMatchObject({ name: 'card', x: 0, y: 0 });
    expect(card!.width).toBeLessThan(PHONE_CANVAS_WIDTH / 2);
    expect(chart).toMatchObject({ name: 'chart', x: 0, width: PHONE_CANVAS_WIDTH });
    expect(chart!.y).toBeGreaterThan(card!.height);
    expect(placeOnPhone(placed, 'card')).toBe(placed);
    expect(placeOnPhone(page, 'missing')).toBe(page);
  });

  it('moves and resizes within the canvas width', () => {
    const placed = placeOnPhone(page, 'chart');
    const moved = setPhoneBox(placed, 'chart', { x: 300, y: -20, width: 500, height: 10 });
    expect(moved.mobileLayout![0]).toEqual({ name: 'chart', x: 0, y: 0, width: 360, height: 40 });
    const half = setPhoneBox(placed, 'chart', { x: 250, y: 30.4, width: 180, height: 200 });
    expect(half.mobileLayout![0]).toEqual({
      name: 'chart',
      x: 180,
      y: 30,
      width: 180,
      height: 200,
    });
    expect(setPhoneBox(page, 'chart', { x: 0, y: 0, width: 100, height: 100 })).toBe(page);
  });

  it('removes a visual, and the page has no phone layout once it is empty', () => {
    const placed = placeOnPhone(placeOnPhone(page, 'card'), 'chart');
    expect(removeFromPhone(placed, 'card').mobileLayout!.map((e) => e.name)).toEqual(['chart']);
    expect('mobileLayout' in removeFromPhone(placeOnPhone(page, 'card'), 'card')).toBe(false);
  });
});
