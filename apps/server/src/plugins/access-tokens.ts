import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../lib/clock.ts';

const issuer = 'vitrina';
const audience = 'vitrina-portal';

/** Short-lived HS256 access tokens carrying only the user id; roles are read fresh per request. */
export function createAccessTokens(key: Uint8Array, ttlSeconds: number, clock: Clock) {
  return {
    async sign(userId: number): Promise<string> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /** The user id, or null when the token is malformed, forged or expired. */
    async verify(token: string): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
