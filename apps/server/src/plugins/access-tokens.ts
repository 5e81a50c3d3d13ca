import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../lib/clock.ts';
import type { AccessClaims } from '../lib/sessions.ts';

const issuer = 'vitrina';
const audience = 'vitrina-portal';

/**
 * Verified tokens remembered at once, and for how long (decision 0155). Only the signature and
 * claims check is remembered: the session behind the token is still checked on every request.
 */
const verifiedTokens = { max: 10_000, ttlMs: 30_000 };

/** A token that passed verification: its claims and its `exp` in seconds. */
interface VerifiedToken {
  claims: AccessClaims;
  expiresAt: number;
}

/**
 * Short-lived HS256 access tokens carrying the user id (`sub`) and the session (`sid`); roles are
 * not in the token, and a revoked session is refused by the session check in plugins/auth.ts.
 */
export function createAccessTokens(key: Uint8Array, ttlSeconds: number, clock: Clock) {
  // Keyed by the whole token, signature included: only the exact bytes that verified hit it.
  const verified = new LRUCache<string, VerifiedToken>({
    max: verifiedTokens.max,
    ttl: verifiedTokens.ttlMs,
  });
  /** jose's own rule: a token is expired once `exp` is not after the current second. */
  const expired = (expiresAt: number) => expiresAt <= Math.floor(clock.now().getTime() / 1000);

  async function verifySignatureAndClaims(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer,
        audience,
        algorithms: ['HS256'],
        currentDate: clock.now(),
        // jose checks `exp` only when present; a token without it would never expire.
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub', 'sid'],
      });
      const userId = Number(payload.sub);
      const sessionId = payload['sid'];
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (typeof sessionId !== 'string' || sessionId === '') return null;
      return { claims: { userId, sessionId }, expiresAt: payload.exp! };
    } catch {
      return null;
    }
  }

  return {
    async sign({ userId, sessionId }: AccessClaims): Promise<string> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /**
     * The claims, or null when the token is malformed, forged, expired or lacks a claim. A token
     * verified moments ago is answered from memory until it expires.
     */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (!expired(known.expiresAt)) return known.claims;
        verified.delete(token);
        return null;
      }
      const fresh = await verifySignatureAndClaims(token);
      if (fresh) verified.set(token, fresh);
      return fresh?.claims ?? null;
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
