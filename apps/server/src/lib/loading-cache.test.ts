import { describe, expect, it } from 'vitest';
import { createLoadingCache, createPerUserCache } from './loading-cache.ts';

/** A loader whose calls stay pending until `release()`, counting how often it ran. */
function gatedLoader() {
  let calls = 0;
  let release = () => undefined as void;
  const gate = () => new Promise<void>((resolve) => (release = resolve));
  return {
    load: async (key: string) => {
      calls += 1;
      const call = calls;
      await gate();
      return `${key}#${call}`;
    },
    release: () => release(),
    calls: () => calls,
  };
}

describe('loading cache', () => {
  it('forgets a key whose load is in flight: the waiting callers get it, the cache does not', async () => {
    const loader = gatedLoader();
    const cache = createLoadingCache<string, string, undefined>({
      max: 10,
      now: () => 0,
      ttlOf: () => 60_000,
      load: (key) => loader.load(key),
    });
    const waiting = [cache.get('cuenta-1:r', undefined), cache.get('cuenta-1:r', undefined)];
    cache.deleteMatching((key) => key.startsWith('cuenta-1:'));
    loader.release();
    expect(await Promise.all(waiting)).toEqual(['cuenta-1:r#1', 'cuenta-1:r#1']);
    const again = cache.get('cuenta-1:r', undefined);
    loader.release();
    expect(await again).toBe('cuenta-1:r#2');
  });

  it('makes callers wait for the reload of a value that is due, never answering the old one', async () => {
    const loader = gatedLoader();
    let now = 0;
    const cache = createLoadingCache<string, string, undefined>({
      max: 10,
      now: () => now,
      ttlOf: () => 60_000,
      load: (key) => loader.load(key),
    });
    const first = cache.get('r', undefined);
    loader.release();
    expect(await first).toBe('r#1');
    expect(await cache.get('r', undefined)).toBe('r#1');
    now = 60_000;
    const waiting = [cache.get('r', undefined), cache.get('r', undefined)];
    loader.release();
    expect(await Promise.all(waiting)).toEqual(['r#2', 'r#2']);
    expect(loader.calls()).toBe(2);
  });

  it('answers with a value that is already due but does not keep it', async () => {
    let loads = 0;
    const cache = createLoadingCache<string, number, undefined>({
      max: 10,
      now: () => 0,
      ttlOf: () => 0,
      load: async () => (loads += 1),
    });
    expect(await cache.get('r', undefined)).toBe(1);
    expect(await cache.get('r', undefined)).toBe(2);
  });

  it('never answers one user with another user’s value', async () => {
    const cache = createPerUserCache({
      now: () => 0,
      maxAgeMs: 60_000,
      load: async (userId) => ({ userId }),
    });
    const [first, second, firstAgain] = await Promise.all([
      cache.get(1),
      cache.get(2),
      cache.get(1),
    ]);
    expect([first.userId, second.userId]).toEqual([1, 2]);
    expect(firstAgain).toBe(first);
    cache.invalidate();
    expect(await cache.get(1)).not.toBe(first);
  });
});
