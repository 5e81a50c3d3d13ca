import { describe, expect, it } from 'vitest';
import { createEmbedTokenCache } from './embed-token-cache.ts';
import {
  embedTokenKey,
  forgetAccountEmbedTokens,
  forgetUserEmbedTokens,
  identityTokenKey,
} from './embed-token-keys.ts';

describe('embed token keys', () => {
  const expiration = new Date(Date.now() + 60 * 60_000).toISOString();

  async function cacheWith(keys: string[]) {
    const cache = createEmbedTokenCache();
    for (const key of keys) await cache.get(key, async () => ({ token: key, expiration }));
    return cache;
  }

  /** The token the cache answers for `key` now: the cached one, or "nuevo" when it was dropped. */
  const tokenOf = async (cache: Awaited<ReturnType<typeof cacheWith>>, key: string) =>
    (await cache.get(key, async () => ({ token: 'nuevo', expiration }))).token;

  it('keeps one token per user and identity, apart from the shared one', () => {
    const keys = new Set([
      embedTokenKey(1, 'r'),
      identityTokenKey(1, 'r', 7, 'peru'),
      identityTokenKey(1, 'r', 7, 'chile'),
      identityTokenKey(1, 'r', 8, 'peru'),
    ]);
    expect(keys.size).toBe(4);
  });

  it("drops one user's identity tokens only, and every token of an account", async () => {
    const shared = embedTokenKey(1, 'r');
    const user1 = identityTokenKey(1, 'r', 1, 'd');
    const user12 = identityTokenKey(1, 'r', 12, 'd');
    const otherAccount = identityTokenKey(2, 'r', 1, 'd');
    const cache = await cacheWith([shared, user1, user12, otherAccount]);
    forgetUserEmbedTokens(cache, 1);
    expect(await tokenOf(cache, user1)).toBe('nuevo');
    expect(await tokenOf(cache, otherAccount)).toBe('nuevo');
    expect(await tokenOf(cache, user12)).toBe(user12);
    expect(await tokenOf(cache, shared)).toBe(shared);
    forgetAccountEmbedTokens(cache, 1);
    expect(await tokenOf(cache, user12)).toBe('nuevo');
    expect(await tokenOf(cache, shared)).toBe('nuevo');
  });
});
