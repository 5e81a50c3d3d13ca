import { describe, expect, it } from 'vitest';
import { barLabelLayout, columnLabelLayout } from './category-labels.ts';

const regions = [
  'Lima Metropolitana',
  'Arequipa',
  'Cusco',
  'La Libertad',
  'Piura',
  'Junín',
  'Lambayeque',
  'Áncash',
];

describe('category labels', () => {
  it('stand level when every label fits its slot', () => {
    expect(columnLabelLayout(['2023', '2024', '2025'], 300, 200)).toMatchObject({
      rotate: 0,
      interval: 0,
    });
  });

  it('rotate, with an ellipsis past the limit, when they do not fit; none is skipped at 300 px', () => {
    const layout = columnLabelLayout(regions, 300, 200);
    expect(layout).toEqual({ rotate: 45, interval: 0, width: 60 });
    expect(columnLabelLayout(regions, 590, 320)).toMatchObject({ rotate: 45, interval: 0 });
  });

  it('thin out evenly only when even rotated they cannot all stand', () => {
    const days = Array.from({ length: 60 }, (_, i) => `Día ${i + 1}`);
    const layout = columnLabelLayout(days, 300, 200);
    expect(layout.rotate).toBe(45);
    expect(layout.interval).toBe(4);
  });

  it('down a bar chart, stay level, cut at a share of the width, thinned when lines crowd', () => {
    expect(barLabelLayout(regions, 300, 200)).toEqual({ rotate: 0, interval: 0, width: 90 });
    expect(barLabelLayout(Array.from({ length: 40 }, String), 300, 200).interval).toBe(2);
  });
});
