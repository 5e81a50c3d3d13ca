/** A cached embed token and the moment it stops being usable. */
export interface CachedEmbedToken {
  token: string;
  expiration: Date;
}

export interface EmbedTokenCache {
  /** The cached token for `key`, or the result of `mint` shared by every concurrent caller. */
  get(key: string, mint: () => Promise<CachedEmbedToken>): Promise<CachedEmbedToken>;
  /** Drops the tokens whose key passes `test` (for example every report of a changed account). */
  deleteMatching(test: (key: string) => boolean): void;
  clear(): void;
}

/**
 * Embed tokens are per report, View access and carry no identity, so one token serves every user
 * allowed to see the report: they are reused until `refreshBeforeMs` before expiry, and concurrent
 * misses for one report share a single GenerateToken call (single flight).
 */
export function createEmbedTokenCache(
  options: { refreshBeforeMs?: number; now?: () => number } = {},
): EmbedTokenCache {
  const refreshBeforeMs = options.refreshBeforeMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const tokens = new Map<string, CachedEmbedToken>();
  const pending = new Map<string, Promise<CachedEmbedToken>>();

  return {
    get(key, mint) {
      const cached = tokens.get(key);
      if (cached && cached.expiration.getTime() - refreshBeforeMs > now())
        return Promise.resolve(cached);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const call = mint()
        .then((token) => {
          // A deletion during the call wins: only keep the token if nobody dropped the key.
          if (pending.get(key) === call) tokens.set(key, token);
          return token;
        })
        .finally(() => {
          if (pending.get(key) === call) pending.delete(key);
        });
      pending.set(key, call);
      return call;
    },
    deleteMatching(test) {
      for (const key of [...tokens.keys()]) if (test(key)) tokens.delete(key);
      for (const key of [...pending.keys()]) if (test(key)) pending.delete(key);
    },
    clear() {
      tokens.clear();
      pending.clear();
    },
  };
}
