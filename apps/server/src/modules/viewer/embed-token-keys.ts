import type { EmbedTokenCache } from './embed-token-cache.ts';

/**
 * Embed-token cache keys. A token without identity is shared by every viewer of the report
 * (`account:report`, decision 0020); a token carrying a viewer's effective identity is keyed by
 * that user and a digest of the identity (`account:report:user:<id>:<digest>`), so it is never
 * handed to anyone else nor survives a change of the identity (decision 0131).
 */
export function embedTokenKey(accountId: number, reportBiId: string): string {
  return `${accountId}:${reportBiId}`;
}

export function identityTokenKey(
  accountId: number,
  reportBiId: string,
  userId: number,
  identityDigest: string,
): string {
  return `${embedTokenKey(accountId, reportBiId)}:user:${userId}:${identityDigest}`;
}

/** Forgets the embed tokens minted with an account's credentials (they changed, or it is gone). */
export function forgetAccountEmbedTokens(cache: EmbedTokenCache, accountId: number): void {
  cache.deleteMatching((key) => key.startsWith(embedTokenKey(accountId, '')));
}

/** Forgets every token carrying one viewer's identity (their mapping changed). */
export function forgetUserEmbedTokens(cache: EmbedTokenCache, userId: number): void {
  const marker = `:user:${userId}:`;
  cache.deleteMatching((key) => key.includes(marker));
}
