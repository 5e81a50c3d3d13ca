import { accessLevelSchema, type AccessLevel } from '@vitrina/bi-model';
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, decodeProtectedHeader } from 'jose';
import { z } from 'zod';
import { epochSeconds, systemClock, type Clock } from '../../platform/clock.ts';
import type { SigningKey } from '../../platform/signing-key.ts';
import { PowerBiError } from '../../http/powerbi-error.ts';

/** An effective identity for row-level security, bound to the datasets it applies to. */
export interface EffectiveIdentityClaim {
  username: string;
  roles: string[];
  datasets: string[];
}

/** What an embed token grants (ids are lower-case GUIDs). */
export interface EmbedTokenClaims {
  /** The principal that generated the token (user or application id). */
  sub: string;
  ver: 1;
  reports: string[];
  datasets: string[];
  dashboards: string[];
  tiles: string[];
  workspaces: string[];
  accessLevel: AccessLevel;
  /** Save as may create a copy of a report in its workspace (GenerateToken's `allowSaveAs`). */
  allowSaveAs?: boolean;
  /** Where a Create token may put new reports. */
  targetWorkspaces?: string[];
  identities?: EffectiveIdentityClaim[];
  /**
   * This token's own id: the rate limit gives each token its own budget (see rateLimitKey), and
   * the reports the token makes by save as or create are bound to it (decision 0224).
   */
  jti: string;
  iat: number;
  exp: number;
}

export type EmbedTokenErrorCode = 'TokenExpired' | 'PowerBINotAuthorizedException';

/** A rejected embed token: a Power BI error whose status and code the error handler sends as they are. */
export class EmbedTokenError extends PowerBiError {
  declare readonly code: EmbedTokenErrorCode;
  declare readonly statusCode: 401 | 403;
  constructor(code: EmbedTokenErrorCode, statusCode: 401 | 403, message: string) {
    super(statusCode, code, message);
    this.name = 'EmbedTokenError';
  }
}

const claimsSchema = z.object({
  sub: z.string(),
  ver: z.literal(1),
  reports: z.array(z.string()),
  datasets: z.array(z.string()),
  dashboards: z.array(z.string()),
  tiles: z.array(z.string()),
  workspaces: z.array(z.string()),
  accessLevel: accessLevelSchema,
  allowSaveAs: z.boolean().optional(),
  targetWorkspaces: z.array(z.string()).optional(),
  identities: z
    .array(
      z.object({ username: z.string(), roles: z.array(z.string()), datasets: z.array(z.string()) }),
    )
    .optional(),
  jti: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
});

/** Who signs embed tokens and for whom: only this service's embed API accepts them. */
export const embedTokenIssuer = 'vitrina-bi';
export const embedTokenAudience = 'vitrina-bi/embed';

/**
 * Signs an embed token; `claims.exp` is seconds since the epoch, `iat` is the clock's now, and
 * `jti` a new random id unless the caller chose one (GenerateToken answers it as `tokenId`).
 */
export async function signEmbedToken(
  key: SigningKey,
  claims: Omit<EmbedTokenClaims, 'iat' | 'ver' | 'jti'> & { jti?: string },
  clock: Clock = systemClock,
): Promise<string> {
  const { exp, jti = randomUUID(), ...grant } = claims;
  return new SignJWT({ ...grant, ver: 1 })
    .setProtectedHeader({ alg: 'HS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(embedTokenIssuer)
    .setAudience(embedTokenAudience)
    .setIssuedAt(epochSeconds(clock))
    .setJti(jti)
    .setExpirationTime(exp)
    .sign(key.secret);
}

const notAuthorized = (message: string) =>
  new EmbedTokenError('PowerBINotAuthorizedException', 401, message);

/** The token of an `Authorization: EmbedToken <token>` header, or undefined for any other header. */
export function embedTokenOf(authorizationHeader: string | undefined): string | undefined {
  return /^EmbedToken\s+(\S+)$/i.exec(authorizationHeader?.trim() ?? '')?.[1];
}

/**
 * Checks an `Authorization: EmbedToken <token>` header against `key`: signature, expiry, the
 * registered claims (exp, iat, iss, aud all required) and the grant's shape. Throws
 * EmbedTokenError with TokenExpired or PowerBINotAuthorizedException (status 401).
 */
export async function verifyEmbedToken(
  key: SigningKey,
  authorizationHeader: string | undefined,
  clock: Clock = systemClock,
): Promise<EmbedTokenClaims> {
  const token = embedTokenOf(authorizationHeader);
  if (!token) throw notAuthorized('Missing EmbedToken authorization header');
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw notAuthorized('Malformed embed token');
  }
  if (kid !== key.kid) throw notAuthorized('Embed token signed by an unknown key');
  try {
    const { payload } = await jwtVerify(token, key.secret, {
      algorithms: ['HS256'],
      issuer: embedTokenIssuer,
      audience: embedTokenAudience,
      requiredClaims: ['exp', 'iat', 'iss', 'aud', 'jti'],
      currentDate: clock.now(),
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw notAuthorized('Embed token claims are not valid');
    return claims.data;
  } catch (error) {
    if (error instanceof EmbedTokenError) throw error;
    if (error instanceof errors.JWTExpired) {
      throw new EmbedTokenError(
        'TokenExpired',
        401,
        'Access token has expired, resubmit with a new access token',
      );
    }
    throw notAuthorized('Embed token is not valid');
  }
}

export type EmbedItemKind = 'report' | 'dataset' | 'dashboard' | 'tile';

const claimFor = {
  report: 'reports',
  dataset: 'datasets',
  dashboard: 'dashboards',
  tile: 'tiles',
} as const;

/** Whether the token was generated for this item. */
export function tokenCovers(claims: EmbedTokenClaims, kind: EmbedItemKind, id: string): boolean {
  return claims[claimFor[kind]].includes(id.toLowerCase());
}

/** The 403 PowerBINotAuthorizedException for an item the token does not reach. */
export function notGranted(kind: EmbedItemKind): EmbedTokenError {
  return new EmbedTokenError(
    'PowerBINotAuthorizedException',
    403,
    `The embed token does not grant this ${kind}`,
  );
}

/** Throws 403 PowerBINotAuthorizedException unless the token was generated for this item. */
export function assertTokenCovers(claims: EmbedTokenClaims, kind: EmbedItemKind, id: string): void {
  if (!tokenCovers(claims, kind, id)) throw notGranted(kind);
}

/** Throws 403 unless the token allows saving (Edit) or creating (Create) reports. */
export function assertAccessLevel(claims: EmbedTokenClaims, needed: 'Edit' | 'Create'): void {
  const allowed = needed === 'Edit' ? ['Edit', 'Create'] : ['Create'];
  if (!allowed.includes(claims.accessLevel)) {
    throw new EmbedTokenError(
      'PowerBINotAuthorizedException',
      403,
      `The embed token lacks ${needed} access`,
    );
  }
}

/**
 * What the token lets the frame do, as the embed answers tell it (`EmbedAccess`): save as with
 * `allowSaveAs` (the SDK's Copy permission) or with Create, which makes new reports anyway.
 */
export function accessOf(claims: EmbedTokenClaims) {
  return {
    accessLevel: claims.accessLevel,
    allowSaveAs: claims.allowSaveAs === true || claims.accessLevel === 'Create',
  };
}

/** Throws 403 unless the token lets save as copy a report (`accessOf(claims).allowSaveAs`). */
export function assertCanSaveAs(claims: EmbedTokenClaims): void {
  if (!accessOf(claims).allowSaveAs) {
    throw new EmbedTokenError(
      'PowerBINotAuthorizedException',
      403,
      'The embed token does not allow save as (it needs allowSaveAs or Create)',
    );
  }
}
