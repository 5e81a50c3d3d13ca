import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { echarts } from './echarts.ts';
import { trendExtent, trendPaths } from './trend-path.ts';

/**
 * The value axis ECharts computes for a sparkline drawn as KpiVisual drew it before: the values
 * at the top and the bottom of its grid.
 */
function echartsExtent(values: number[]): [number, number] {
  const chart = echarts.init(null, null, { ssr: true, renderer: 'svg', width: 200, height: 60 });
  chart.setOption({
    animation: false,
    grid: { left: 0, right: 0, top: 4, bottom: 0 },
    xAxis: { type: 'category', show: false, boundaryGap: false },
    yAxis: { type: 'value', show: false, scale: true },
    series: [{ type: 'line', data: values }],
  });
  const at = (y: number) => Number(chart.convertFromPixel({ yAxisIndex: 0 }, y));
  const extent: [number, number] = [at(60), at(4)];
  chart.dispose();
  return extent;
}

describe('the KPI trend line', () => {
  it('has the value axis ECharts gave it', () => {
    expect(trendExtent([12, 47])).toEqual([10, 50]);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -1_000_000, max: 10_000_000 }),
            // Amounts in cents, as the measures KPIs show.
            fc
              .double({ min: -1e6, max: 1e7, noNaN: true, noDefaultInfinity: true })
              .map((v) => Math.round(v * 100) / 100),
          ),
          { minLength: 2, maxLength: 24 },
        ),
        (values) => {
          fc.pre(new Set(values).size > 1);
          const [min, max] = trendExtent(values);
          const [eMin, eMax] = echartsExtent(values);
          expect(min).toBeCloseTo(eMin, 6);
          expect(max).toBeCloseTo(eMax, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('runs from the left edge to the right one, the highest point below the top margin', () => {
    const paths = trendPaths([10, 30, 20], 100, 40, 4)!;
    // Extent [10, 30] in steps of 5: 10 sits on the bottom, 30 on the top margin.
    expect(paths.line).toBe('M0 40L50 4L100 22');
    expect(paths.area).toBe('M0 40L0 40L50 4L100 22L100 40Z');
  });

  it('breaks the line where a month has no value', () => {
    const paths = trendPaths([10, null, 30, 20], 90, 40, 4)!;
    expect(paths.line).toBe('M0 40M60 4L90 22');
    expect(paths.area.match(/Z/g)).toHaveLength(2);
  });

  it('fills down to zero where the axis crosses it', () => {
    // Extent [-10, 30] in steps of 10: zero sits a quarter of the way up.
    const paths = trendPaths([-10, 30], 100, 44, 4)!;
    expect(paths.area).toBe('M0 34L0 44L100 4L100 34Z');
  });

  it('widens the axis around a flat line as ECharts does', () => {
    for (const value of [5, 0, -3, 0.25]) {
      const [min, max] = trendExtent([value, value, value]);
      expect(min).toBeLessThanOrEqual(value);
      expect(max).toBeGreaterThan(value);
      const [eMin, eMax] = echartsExtent([value, value, value]);
      expect(min).toBeCloseTo(eMin, 9);
      expect(max).toBeCloseTo(eMax, 9);
    }
  });

  it('draws nothing without two points to join', () => {
    expect(trendPaths([7], 100, 40, 4)).toBeUndefined();
    expect(trendPaths([null, null], 100, 40, 4)).toBeUndefined();
  });
});
