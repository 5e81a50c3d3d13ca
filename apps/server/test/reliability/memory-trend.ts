/**
 * Whether a memory series is flat: after a warm-up (heaps and caches filling, code being
 * optimised), the median of the last window against the median of the first window after the
 * warm-up, plus the least-squares slope over everything after the warm-up. Medians, because one
 * sample taken mid-burst should not decide the verdict.
 */
export interface MemorySample {
  /** Milliseconds since the series started. */
  at: number;
  bytes: number;
}

export interface MemoryTrend {
  /** Median bytes in the first window after the warm-up. */
  early: number;
  /** Median bytes in the last window. */
  late: number;
  /** `late - early`. */
  growth: number;
  /** Least-squares slope after the warm-up, in bytes per minute. */
  slopePerMinute: number;
  /** Samples after the warm-up. */
  samples: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function slope(points: MemorySample[]): number {
  const meanAt = points.reduce((sum, point) => sum + point.at, 0) / points.length;
  const meanBytes = points.reduce((sum, point) => sum + point.bytes, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.at - meanAt) * (point.bytes - meanBytes);
    variance += (point.at - meanAt) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

export function memoryTrend(
  series: MemorySample[],
  { warmupMs, windowMs }: { warmupMs: number; windowMs: number },
): MemoryTrend {
  const settled = series.filter((sample) => sample.at >= warmupMs);
  if (settled.length < 2) throw new Error(`${settled.length} samples after the warm-up: too few`);
  const start = settled[0]!.at;
  const end = settled.at(-1)!.at;
  if (end - start < 2 * windowMs) throw new Error('the two windows would overlap');
  const early = median(settled.filter((s) => s.at <= start + windowMs).map((s) => s.bytes));
  const late = median(settled.filter((s) => s.at >= end - windowMs).map((s) => s.bytes));
  return {
    early,
    late,
    growth: late - early,
    slopePerMinute: slope(settled) * 60_000,
    samples: settled.length,
  };
}
