import type { Clock } from '../../lib/clock.ts';
import { lockedOutError } from './login-lockout.ts';

/**
 * Per-address limit on *failed* logins in a fixed window. Successful logins do not count, so a
 * busy office behind one address is not locked out by its own colleagues; guessing passwords
 * from one address is. Kept in memory: it guards one process.
 */
export function createIpFailureLimiter(options: {
  maxFailures: number;
  windowMs: number;
  clock: Clock;
}) {
  const windows = new Map<string, { failures: number; resetAt: number }>();

  function current(ip: string, now: number) {
    const window = windows.get(ip);
    if (window && window.resetAt > now) return window;
    windows.delete(ip);
    return undefined;
  }

  function prune(now: number) {
    for (const [ip, window] of windows) if (window.resetAt <= now) windows.delete(ip);
  }

  return {
    /** Throws 429 (with when to retry) while the address has used up its failures. */
    check(ip: string): void {
      const now = options.clock.now().getTime();
      const window = current(ip, now);
      if (window && window.failures >= options.maxFailures) {
        throw lockedOutError(new Date(window.resetAt), new Date(now));
      }
    },
    recordFailure(ip: string): void {
      const now = options.clock.now().getTime();
      if (windows.size > 10_000) prune(now);
      const window = current(ip, now) ?? { failures: 0, resetAt: now + options.windowMs };
      window.failures += 1;
      windows.set(ip, window);
    },
  };
}
