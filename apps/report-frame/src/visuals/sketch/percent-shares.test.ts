import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { echarts } from '../echarts.ts';
import { percentShares } from './percent-shares.ts';

describe("a pie's percentages", () => {
  it('sum to 100 and are the ones ECharts hands its label formatter', () => {
    expect(percentShares([1, 1, 1])).toEqual([33.34, 33.33, 33.33]);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (values) => {
          const shares = percentShares(values);
          expect(shares.reduce((sum, s) => sum + s, 0)).toBeCloseTo(100, 6);
          expect(shares).toEqual(
            values.map((_, i) => echarts.number.getPercentWithPrecision(values, i, 2)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
