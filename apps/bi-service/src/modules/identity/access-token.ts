import { jwtVerify, SignJWT, errors } from 'jose';
import { z } from 'zod';
import { epochSeconds, systemClock, type Clock } from '../../platform/clock.ts';
import { deterministicGuid } from '../../platform/ids.ts';
import type { Principal } from './principals.repository.ts';
import type { SigningKey } from '../../platform/signing-key.ts';

/** The resource (audience) of Power BI access tokens. */
export const powerBiResource = 'https://analysis.windows.net/powerbi/api';

/** Access tokens last an hour, as Entra ID's do. */
export const accessTokenLifetimeSeconds = 3600;

/** The tenant's GUID (`tid`), stable for a tenant name. */
export const tenantGuid = (tenant: string) => deterministicGuid('tenant', tenant.toLowerCase());

export interface AccessTokenSubject {
  principal: Principal;
  clientId: string;
  tenant: string;
  /** User principal name for users; absent for applications. */
  username?: string;
}

/** Signs an hour-long access token in Entra ID v2 claim names. Returns the token and its expiry. */
export async function signAccessToken(
  key: SigningKey,
  issuer: string,
  subject: AccessTokenSubject,
  clock: Clock = systemClock,
) {
  const now = epochSeconds(clock);
  const exp = now + accessTokenLifetimeSeconds;
  const isUser = subject.principal.kind === 'user';
  const token = await new SignJWT({
    ver: '2.0',
    tid: tenantGuid(subject.tenant),
    oid: subject.principal.id,
    idtyp: subject.principal.kind,
    appid: subject.clientId,
    ...(isUser
      ? {
          upn: subject.username,
          scp: 'Dataset.ReadWrite.All Report.ReadWrite.All Workspace.Read.All',
        }
      : {}),
    ...(isUser ? {} : { roles: ['Tenant.Read.All'] }),
  })
    .setProtectedHeader({ alg: 'HS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(powerBiResource)
    .setSubject(subject.principal.id)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(exp)
    .sign(key.secret);
  return { token, exp };
}

const accessClaimsSchema = z.object({
  sub: z.string(),
  idtyp: z.enum(['user', 'app']),
  appid: z.string(),
  exp: z.number(),
});

/** A verified caller: who it is and when its access token expires (seconds since the epoch). */
export interface VerifiedCaller {
  principal: Principal;
  clientId: string;
  exp: number;
}

export type AccessTokenFailure = 'expired' | 'invalid';

/**
 * Verifies a bearer access token; resolves to the caller or to why it was refused. Every token
 * this service signs carries exp, iat, iss and aud, so one lacking any of them is refused.
 */
export async function verifyAccessToken(
  key: SigningKey,
  token: string,
  clock: Clock = systemClock,
): Promise<VerifiedCaller | AccessTokenFailure> {
  try {
    const { payload } = await jwtVerify(token, key.secret, {
      algorithms: ['HS256'],
      audience: powerBiResource,
      requiredClaims: ['exp', 'iat', 'iss', 'aud'],
      currentDate: clock.now(),
    });
    const claims = accessClaimsSchema.parse(payload);
    return {
      principal: { kind: claims.idtyp, id: claims.sub },
      clientId: claims.appid,
      exp: claims.exp,
    };
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
  }
}
