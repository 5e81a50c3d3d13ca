import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { refreshTokensRepository } from './refresh-tokens.repository.ts';

/** Refresh tokens are opaque random strings; only their SHA-256 is stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/**
 * Issues access + refresh token pairs; a new login starts a new refresh-token family, and the
 * family id is the session id (`sid`) its access tokens carry.
 */
export function createSessionIssuer({ accessTokens, clock, config }: AppContext) {
  const refreshTtlMs = config.auth.refreshTokenTtlDays * 24 * 60 * 60 * 1000;
  return {
    async issue(
      db: Kysely<Database>,
      userId: number,
      familyId: string = randomUUID(),
    ): Promise<TokenPair> {
      const refreshToken = randomBytes(32).toString('base64url');
      const now = clock.now();
      await refreshTokensRepository.create(db, {
        user_id: userId,
        family_id: familyId,
        token_hash: hashRefreshToken(refreshToken),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + refreshTtlMs).toISOString(),
      });
      return { token: await accessTokens.sign({ userId, sessionId: familyId }), refreshToken };
    },
  };
}
