import { describe, expect, it } from 'vitest';
import { memoryTrend, type MemorySample } from './memory-trend.ts';

const minute = 60_000;
const MiB = 1024 * 1024;
/** One sample every 10 s for `minutes`, from `bytesAt(minutes elapsed)`. */
const series = (minutes: number, bytesAt: (minutes: number) => number): MemorySample[] =>
  Array.from({ length: minutes * 6 + 1 }, (_, i) => ({
    at: i * 10_000,
    bytes: bytesAt(i / 6),
  }));
const options = { warmupMs: 2 * minute, windowMs: 2 * minute };

describe('memoryTrend', () => {
  it('finds no growth in a series that only grew during the warm-up', () => {
    const trend = memoryTrend(
      series(10, (m) => (m < 2 ? 50 * MiB + m * 20 * MiB : 90 * MiB)),
      options,
    );
    expect(trend.growth).toBe(0);
    expect(trend.slopePerMinute).toBe(0);
    expect(trend.samples).toBe(49);
  });

  it('measures a steady leak as growth and slope', () => {
    const trend = memoryTrend(
      series(10, (m) => 80 * MiB + m * MiB),
      options,
    );
    expect(trend.slopePerMinute / MiB).toBeCloseTo(1, 6);
    // Window medians sit one minute in from each end: minutes 3 and 9.
    expect(trend.growth / MiB).toBeCloseTo(6, 6);
  });

  it('is not moved by one outlying sample per window', () => {
    const spiky = series(10, () => 80 * MiB).map((sample, i) =>
      i === 14 || i === 58 ? { ...sample, bytes: 400 * MiB } : sample,
    );
    expect(memoryTrend(spiky, options).growth).toBe(0);
  });

  it('refuses a series too short for two windows after the warm-up', () => {
    expect(() =>
      memoryTrend(
        series(5, () => MiB),
        options,
      ),
    ).toThrow(/overlap/);
  });
});
