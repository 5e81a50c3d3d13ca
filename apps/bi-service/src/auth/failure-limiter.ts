import type { Clock } from '../clock.ts';

export type Reservation =
  { allowed: true; release(): void } | { allowed: false; retryAfter: number };

/** One counter of failed attempts and how many it allows in a window. */
export interface FailureBucket {
  key: string;
  max: number;
}

interface Window {
  start: number;
  count: number;
}

/** Past this many tracked keys, windows that have ended are swept so guessing cannot fill memory. */
const sweepAbove = 10_000;

/**
 * Limits failed credential attempts per bucket (a credential from an address, an address) in fixed
 * windows. An attempt is reserved in every bucket before the credential is checked, so parallel
 * guesses cannot all slip in before the first failure is recorded; a success releases its
 * reservation. An attempt refused by one bucket counts in none.
 */
export function createFailureLimiter(options: { windowMs: number; clock: Clock }) {
  const windows = new Map<string, Window>();

  const windowOf = (key: string, now: number): Window => {
    const existing = windows.get(key);
    if (existing && now - existing.start < options.windowMs) return existing;
    if (windows.size > sweepAbove) {
      for (const [other, window] of windows) {
        if (now - window.start >= options.windowMs) windows.delete(other);
      }
    }
    const fresh = { start: now, count: 0 };
    windows.set(key, fresh);
    return fresh;
  };

  return {
    reserve(buckets: readonly FailureBucket[]): Reservation {
      const now = options.clock.now().getTime();
      const counted = buckets.map((bucket) => windowOf(bucket.key, now));
      const spent = counted.filter((window, index) => window.count >= buckets[index]!.max);
      if (spent.length > 0) {
        const endsAt = Math.max(...spent.map((window) => window.start + options.windowMs));
        return { allowed: false, retryAfter: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
      }
      for (const window of counted) window.count += 1;
      return {
        allowed: true,
        release: () => {
          for (const window of counted) window.count = Math.max(0, window.count - 1);
        },
      };
    },
  };
}

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
