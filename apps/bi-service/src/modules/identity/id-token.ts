import { SignJWT } from 'jose';
import { epochSeconds, type Clock } from '../../platform/clock.ts';
import { accessTokenLifetimeSeconds, tenantGuid } from './access-token.ts';
import type { SigningKey } from '../../platform/signing-key.ts';
import type { UserRow } from './principals.repository.ts';

/** An OpenID id token for a user, which MSAL reads to build its account entry. */
export async function createIdToken(
  key: SigningKey,
  input: { issuer: string; clientId: string; tenant: string; user: UserRow },
  clock: Clock,
): Promise<string> {
  const now = epochSeconds(clock);
  return new SignJWT({
    ver: '2.0',
    tid: tenantGuid(input.tenant),
    oid: input.user.id,
    name: input.user.displayName,
    preferred_username: input.user.username,
  })
    .setProtectedHeader({ alg: 'HS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(input.issuer)
    .setAudience(input.clientId)
    .setSubject(input.user.id)
    .setIssuedAt(now)
    .setExpirationTime(now + accessTokenLifetimeSeconds)
    .sign(key.secret);
}

/** Entra ID's `client_info`: base64url JSON of the user's object id and tenant id. */
export function clientInfoFor(userId: string, tenantId: string): string {
  return Buffer.from(JSON.stringify({ uid: userId, utid: tenantId })).toString('base64url');
}
