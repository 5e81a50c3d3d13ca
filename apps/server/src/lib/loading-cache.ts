import { LRUCache } from 'lru-cache';

/** A bounded cache that loads what it misses; every caller waiting on one key shares one load. */
export interface LoadingCache<K, V, C> {
  /** The cached value of `key`, or the result of loading it (`context` reaches the loader). */
  get(key: K, context: C): Promise<V>;
  /** Forgets `key`; a load in flight for it still answers its callers but is not kept. */
  delete(key: K): void;
  /** Forgets every key that passes `test`, loads in flight included. */
  deleteMatching(test: (key: K) => boolean): void;
  clear(): void;
}

/**
 * lru-cache with its `fetchMethod` doing the in-flight dedupe. Each entry lives `ttlOf(value)`
 * milliseconds on the injected clock; `ttlResolution: 0` reads that clock on every check so a
 * test clock is obeyed exactly. `ignoreFetchAbort` makes a deletion during a load win: the
 * callers already waiting get the value, the cache does not keep it.
 */
export function createLoadingCache<
  K extends NonNullable<unknown>,
  V extends NonNullable<unknown>,
  C,
>(options: {
  max: number;
  now: () => number;
  ttlOf: (value: V) => number;
  load: (key: K, context: C) => Promise<V>;
}): LoadingCache<K, V, C> {
  // lru-cache's key listings skip loads in flight, which `deleteMatching` must reach too.
  const loading = new Set<K>();
  // lru-cache types its context by conditional types a generic `C` cannot meet; `get` alone
  // passes it, typed.
  const cache = new LRUCache<K, V, unknown>({
    max: options.max,
    // lru-cache takes a start time of 0 for "no start": a clock reading 0 (tests) must not hit it.
    perf: { now: () => options.now() + 1 },
    ttlResolution: 0,
    ignoreFetchAbort: true,
    fetchMethod: async (key, _stale, { options: entry, context }) => {
      loading.add(key);
      const value = await options.load(key, context as C).finally(() => loading.delete(key));
      // A value is usable while its age is below `ttlOf`; lru-cache keeps it while the age is at
      // most `ttl`, and reads 0 as "never expires" (a value already due is dropped by `get`).
      entry.ttl = Math.max(1, options.ttlOf(value) - 1);
      return value;
    },
  });
  async function fetch(key: K, context: C): Promise<V> {
    const value = await cache.fetch(key, { context });
    // Only an aborted load without a value resolves undefined, and aborts are ignored above.
    if (value === undefined) throw new Error('The cache lost a load it was waiting for');
    // A value that was due the moment it loaded answers its callers once and is not kept.
    if (options.ttlOf(value) <= 1 && cache.peek(key) === value) cache.delete(key);
    return value;
  }
  return {
    get(key, context) {
      // A fresh value answers without lru-cache's fetch machinery (the hot path of every
      // request); a value that is due or still loading reads as undefined here, and `fetch`
      // loads it once for all its callers.
      const fresh = cache.get(key);
      return fresh === undefined ? fetch(key, context) : Promise.resolve(fresh);
    },
    delete: (key) => void cache.delete(key),
    deleteMatching(test) {
      for (const key of [...cache.keys(), ...loading]) if (test(key)) cache.delete(key);
    },
    clear: () => cache.clear(),
  };
}

// Bounds memory on very large tenants; the least recently used user goes first.
const maxUsers = 20_000;

/**
 * One value per user id, read once and dropped wholesale by `invalidate()` or after `maxAgeMs`
 * (decision 0024), or sooner at the instant `endsAt` gives for a value that goes stale by then.
 * Keys are user ids only, so one user's entry never answers another.
 */
export function createPerUserCache<V extends NonNullable<unknown>>(options: {
  now: () => number;
  maxAgeMs: number;
  endsAt?: (value: V) => number | undefined;
  load: (userId: number) => Promise<V>;
}) {
  const cache = createLoadingCache<number, V, undefined>({
    max: maxUsers,
    now: options.now,
    ttlOf: (value) =>
      Math.min(options.maxAgeMs, (options.endsAt?.(value) ?? Infinity) - options.now()),
    load: (userId) => options.load(userId),
  });
  return {
    get: (userId: number): Promise<V> => cache.get(userId, undefined),
    invalidate: (): void => cache.clear(),
    /** Forgets one user's entry (a load in flight for them is not kept). */
    forget: (userId: number): void => cache.delete(userId),
  };
}
