import type { EmbedToken } from '@vitrina/bi-model/rest';
import { createLoadingCache } from '../../lib/loading-cache.ts';

/** A cached embed token and the moment (ISO time) it stops being usable. */
export type CachedEmbedToken = Pick<EmbedToken, 'token' | 'expiration'>;

export interface EmbedTokenCache {
  /** The cached token for `key`, or the result of `mint` shared by every concurrent caller. */
  get(key: string, mint: () => Promise<CachedEmbedToken>): Promise<CachedEmbedToken>;
  /** Drops the tokens whose key passes `test` (for example every report of a changed account). */
  deleteMatching(test: (key: string) => boolean): void;
  clear(): void;
}

// Far above the reports a tenant holds; the least recently opened report goes first.
const maxTokens = 50_000;

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
  const cache = createLoadingCache<string, CachedEmbedToken, () => Promise<CachedEmbedToken>>({
    max: maxTokens,
    now,
    ttlOf: (token) => Date.parse(token.expiration) - refreshBeforeMs - now(),
    load: (_key, mint) => mint(),
  });
  return { get: cache.get, deleteMatching: cache.deleteMatching, clear: cache.clear };
}
