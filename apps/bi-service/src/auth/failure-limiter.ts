import type { Clock } from '../clock.ts';

export type Reservation =
  { allowed: true; release(): void } | { allowed: false; retryAfter: number };

interface Window {
  start: number;
  count: number;
}

/** Past this many tracked keys, windows that have ended are swept so guessing cannot fill memory. */
const sweepAbove = 10_000;

/**
 * Limits failed credential attempts per key (a client id, an address) in fixed windows. An attempt
 * is reserved on every key before the credential is checked, so parallel guesses cannot all slip
 * in before the first failure is recorded; a success releases its reservation.
 */
export function createFailureLimiter(options: { max: number; windowMs: number; clock: Clock }) {
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
    reserve(keys: readonly string[]): Reservation {
      const now = options.clock.now().getTime();
      const counted = keys.map((key) => windowOf(key, now));
      const spent = counted.filter((window) => window.count >= options.max);
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
