import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createMemoryFailureLimiter } from './ip-failure-limiter.ts';

describe('in-memory failure limiter per address', () => {
  const setup = () => {
    const clock = manualClock();
    return {
      clock,
      limiter: createMemoryFailureLimiter({ maxFailures: 2, windowMs: 60_000, clock }),
    };
  };

  it('counts a slot at reservation, so parallel attempts cannot overrun the limit', async () => {
    const { limiter } = setup();
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => limiter.reserve('10.0.0.1')));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    await expect(limiter.reserve('10.0.0.2')).resolves.toBeDefined();
  });

  it('gives a forgiven slot back, and starts a new window after the old one', async () => {
    const { clock, limiter } = setup();
    const first = await limiter.reserve('10.0.0.1');
    await limiter.reserve('10.0.0.1');
    await first.forgive();
    const third = await limiter.reserve('10.0.0.1');
    await expect(limiter.reserve('10.0.0.1')).rejects.toMatchObject({ status: 429 });

    clock.advance(60_000);
    await limiter.reserve('10.0.0.1');
    // A slot of the old window does not free room in the new one.
    await third.forgive();
    await limiter.reserve('10.0.0.1');
    await expect(limiter.reserve('10.0.0.1')).rejects.toMatchObject({ status: 429 });
  });
});
