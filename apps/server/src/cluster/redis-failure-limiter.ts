import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock.ts';
import type { AddressFailureLimiter } from '../modules/auth/ip-failure-limiter.ts';
import { lockedOutError } from '../modules/auth/login-lockout.ts';

/**
 * Counts a slot and gives it back at once when the window is used up, in one step, so parallel
 * attempts on any instance never pass the limit together. Returns the count (the refused attempt
 * included).
 */
const reserveScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count > tonumber(ARGV[2]) then redis.call('DECR', KEYS[1]) end
return count`;

/**
 * The per-address failed-login limit shared by every instance (decision 0111's interface): a
 * Redis counter per address and fixed window (`INCR` before the password check, `DECR` to forgive
 * the slot of that same window). While Redis is unreachable each instance falls back to its own
 * in-memory limiter, so logins keep working; the per-user lockout stays in the database.
 */
export function createRedisFailureLimiter(options: {
  redis: Redis;
  maxFailures: number;
  windowMs: number;
  clock: Clock;
  fallback: AddressFailureLimiter;
  log: FastifyBaseLogger;
}): AddressFailureLimiter {
  const { redis, maxFailures, windowMs, clock } = options;
  return {
    async reserve(address) {
      const now = clock.now().getTime();
      const windowStart = now - (now % windowMs);
      const key = `vitrina:login-failures:${address}:${windowStart}`;
      let count: number;
      try {
        count = Number(await redis.eval(reserveScript, 1, key, String(windowMs), maxFailures));
      } catch (error) {
        options.log.warn({ err: error }, 'Redis unreachable: login limit per address in memory');
        return options.fallback.reserve(address);
      }
      if (count > maxFailures)
        throw lockedOutError(new Date(windowStart + windowMs), new Date(now));
      return {
        async forgive() {
          await redis.decr(key).catch(() => undefined);
        },
      };
    },
  };
}
