import { describe, expect, it } from 'vitest';
import type { VisualDefinition, VisualLayout } from '../api/types.ts';
import { PHONE_CHART_MIN, stackForPhone } from './phone-stack.ts';

function placed(name: string, type: string, at: [number, number, number, number], mode?: string) {
  const [x, y, width, height] = at;
  const visual = { name, type, fields: {}, ...(mode ? { options: { mode } } : {}) };
  const layout: VisualLayout = { x, y, z: 0, width, height };
  return { visual: visual as VisualDefinition, layout };
}

const overlaps = (a: { left: number; top: number; width: number; height: number }, b: typeof a) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;

describe('stackForPhone', () => {
  const page = [
    placed('title', 'textbox', [24, 12, 700, 56]),
    placed('year', 'slicer', [736, 12, 250, 56], 'dropdown'),
    placed('sales', 'card', [24, 84, 300, 96]),
    placed('margin', 'card', [336, 84, 300, 96]),
    placed('clients', 'card', [648, 84, 300, 96]),
    placed('wide', 'lineChart', [24, 200, 1200, 150]),
    placed('list', 'slicer', [1016, 200, 240, 400], 'list'),
  ];
  const { boxes, height } = stackForPhone(page, 375);

  it('puts cards two to a row and a lone card on the full width', () => {
    expect(boxes['sales']!.top).toBe(boxes['margin']!.top);
    expect(boxes['sales']!.width).toBe(boxes['margin']!.width);
    expect(boxes['margin']!.left).toBeGreaterThan(boxes['sales']!.left + boxes['sales']!.width);
    expect(boxes['clients']!.width).toBe(375 - 24);
    expect(boxes['clients']!.top).toBeGreaterThan(boxes['sales']!.top);
  });

  it('draws charts full width no shorter than the readable minimum, slicers full width', () => {
    expect(boxes['wide']!.width).toBe(351);
    expect(boxes['wide']!.height).toBe(PHONE_CHART_MIN);
    expect(boxes['year']!.width).toBe(351);
    expect(boxes['list']!.height).toBeGreaterThan(boxes['year']!.height);
  });

  it('keeps reading order, overlaps nothing and reports the height it used', () => {
    const drawn = Object.values(boxes);
    for (const [i, a] of drawn.entries())
      for (const b of drawn.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    expect(boxes['title']!.top).toBeLessThan(boxes['year']!.top);
    expect(height).toBe(Math.max(...drawn.map((b) => b.top + b.height)) + 12);
  });
});
