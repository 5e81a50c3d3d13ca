import type { Clock } from '../../lib/clock.ts';
import { lockedOutError } from './login-lockout.ts';

/** One attempt, counted as a failure until its outcome is known. */
export interface FailureSlot {
  /** The attempt succeeded: it no longer counts. */
  forgive(): Promise<void>;
}

/**
 * Per-address limit on *failed* logins in a fixed window. Successful logins do not count, so a
 * busy office behind one address is not locked out by its own colleagues; guessing passwords
 * from one address is. An attempt takes its slot before the password is checked, so parallel
 * guesses cannot all pass a check that only counts finished failures.
 *
 * The interface is asynchronous so that a store shared by several instances (Redis INCR with an
 * expiry, DECR to forgive) can implement it; `createMemoryFailureLimiter` guards one process.
 */
export interface AddressFailureLimiter {
  /** Takes a slot for `address`, or throws 429 (with when to retry) when none is left. */
  reserve(address: string): Promise<FailureSlot>;
}

export function createMemoryFailureLimiter(options: {
  maxFailures: number;
  windowMs: number;
  clock: Clock;
}): AddressFailureLimiter {
  const windows = new Map<string, { failures: number; resetAt: number }>();

  function current(address: string, now: number) {
    const window = windows.get(address);
    if (window && window.resetAt > now) return window;
    windows.delete(address);
    return undefined;
  }

  function prune(now: number) {
    for (const [address, window] of windows) if (window.resetAt <= now) windows.delete(address);
  }

  return {
    // Counting happens before the first await: two calls in the same tick see each other.
    reserve(address) {
      const now = options.clock.now().getTime();
      if (windows.size > 10_000) prune(now);
      const window = current(address, now) ?? { failures: 0, resetAt: now + options.windowMs };
      if (window.failures >= options.maxFailures) {
        return Promise.reject(lockedOutError(new Date(window.resetAt), new Date(now)));
      }
      window.failures += 1;
      windows.set(address, window);
      return Promise.resolve({
        forgive() {
          // A window that has since been replaced does not owe this attempt anything.
          if (windows.get(address) === window) window.failures -= 1;
          return Promise.resolve();
        },
      });
    },
  };
}
