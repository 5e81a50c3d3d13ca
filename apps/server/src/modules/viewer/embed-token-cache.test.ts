import { describe, expect, it } from 'vitest';
import { createEmbedTokenCache } from './embed-token-cache.ts';

function minter(lifetimeMs: number, clock: { now: number }) {
  let calls = 0;
  const mint = async () => {
    calls += 1;
    await new Promise((resolve) => setImmediate(resolve));
    return { token: `t${calls}`, expiration: new Date(clock.now + lifetimeMs).toISOString() };
  };
  return { mint, calls: () => calls };
}

/** A cache on a clock the test moves, and a minter of tokens that live an hour on that clock. */
function cacheWithMinter() {
  const clock = { now: 0 };
  const cache = createEmbedTokenCache({ now: () => clock.now });
  return { clock, cache, ...minter(60 * 60_000, clock) };
}

describe('embed token cache', () => {
  it('shares one call between concurrent misses', async () => {
    const { cache, mint, calls } = cacheWithMinter();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => cache.get('r1', mint)));
    expect(new Set(tokens.map((t) => t.token))).toEqual(new Set(['t1']));
    expect(calls()).toBe(1);
  });

  it('reuses a token until five minutes before expiry', async () => {
    const { clock, cache, mint, calls } = cacheWithMinter();
    await cache.get('r1', mint);
    clock.now = 54 * 60_000;
    expect((await cache.get('r1', mint)).token).toBe('t1');
    clock.now = 55 * 60_000 + 1;
    expect((await cache.get('r1', mint)).token).toBe('t2');
    expect(calls()).toBe(2);
  });

  it('keeps reports apart, forgets deleted ones and does not cache failures', async () => {
    const { cache, mint, calls } = cacheWithMinter();
    await cache.get('r1', mint);
    await cache.get('r2', mint);
    cache.deleteMatching((key) => key === 'r1');
    expect((await cache.get('r1', mint)).token).toBe('t3');
    await expect(cache.get('r3', () => Promise.reject(new Error('BI caído')))).rejects.toThrow(
      'BI caído',
    );
    expect((await cache.get('r3', mint)).token).toBe('t4');
    expect(calls()).toBe(4);
  });
});
