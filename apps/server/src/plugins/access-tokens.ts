import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../lib/clock.ts';
import type { AccessClaims } from '../lib/sessions.ts';

const issuer = 'vitrina';
const audience = 'vitrina-portal';

/**
 * Short-lived HS256 access tokens carrying the user id (`sub`) and the session (`sid`); roles are
 * not in the token, and a revoked session is refused by the session check in plugins/auth.ts.
 */
export function createAccessTokens(key: Uint8Array, ttlSeconds: number, clock: Clock) {
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
    /** The claims, or null when the token is malformed, forged, expired or lacks a claim. */
    async verify(token: string): Promise<AccessClaims | null> {
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
        return { userId, sessionId };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
