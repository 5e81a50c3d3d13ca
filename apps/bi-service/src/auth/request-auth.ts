import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { notAuthorized, PowerBiError } from '../http/powerbi-error.ts';
import { verifyAccessToken, type VerifiedCaller } from '../tokens/access-token.ts';
import {
  embedTokenOf,
  EmbedTokenError,
  verifyEmbedToken,
  type EmbedTokenClaims,
} from '../tokens/embed-token.ts';
import type { SigningKey } from '../tokens/signing-key.ts';

/** Who a request is, decided once per request before rate limiting and before any route runs. */
export type RequestAuth =
  | { kind: 'caller'; caller: VerifiedCaller }
  | { kind: 'embed'; claims: EmbedTokenClaims }
  | { kind: 'refused'; scheme: 'bearer' | 'embed'; error: Error }
  | { kind: 'anonymous' };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API scope's authentication hook; null outside it. */
    auth: RequestAuth | null;
  }
}

export interface AuthKeys {
  accessTokenKey: SigningKey;
  embedTokenKey: SigningKey;
  clock: Clock;
}

const expiredAccessToken = () =>
  new PowerBiError(
    401,
    'TokenExpired',
    'Access token has expired, resubmit with a new access token',
  );

/** Verifies the request's Bearer access token or EmbedToken, never throwing. */
export async function authenticate(
  authorization: string | undefined,
  keys: AuthKeys,
): Promise<RequestAuth> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (bearer) {
    const result = await verifyAccessToken(keys.accessTokenKey, bearer, keys.clock);
    if (result === 'expired')
      return { kind: 'refused', scheme: 'bearer', error: expiredAccessToken() };
    if (result === 'invalid') {
      const error = notAuthorized('The access token is not valid', 401);
      return { kind: 'refused', scheme: 'bearer', error };
    }
    return { kind: 'caller', caller: result };
  }
  if (embedTokenOf(authorization)) {
    try {
      const claims = await verifyEmbedToken(keys.embedTokenKey, authorization, keys.clock);
      return { kind: 'embed', claims };
    } catch (error) {
      if (!(error instanceof EmbedTokenError)) throw error;
      return { kind: 'refused', scheme: 'embed', error };
    }
  }
  return { kind: 'anonymous' };
}

/**
 * The rate-limit key: the verified principal; for a verified embed token, that token (its id)
 * from that address, since a portal's viewers all hold tokens of one principal and would
 * otherwise share a single budget; anything unverified (no token, a made-up one, an expired one)
 * counts against its address. Raw header bytes never make a key, so varying them gains nothing,
 * and new tokens come only from GenerateToken, which counts against the principal.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth?.kind === 'caller') return `${auth.caller.principal.kind}:${auth.caller.principal.id}`;
  if (auth?.kind === 'embed') {
    return `embed:${auth.claims.sub}:${auth.claims.jti}:${request.ip}`;
  }
  return `ip:${request.ip}`;
}

/** The verified REST caller; throws the refusal (401) otherwise. */
export function callerOf(request: FastifyRequest): VerifiedCaller {
  const auth = request.auth;
  if (auth?.kind === 'caller') return auth.caller;
  if (auth?.kind === 'refused' && auth.scheme === 'bearer') throw auth.error;
  throw notAuthorized('Missing bearer access token', 401);
}

/** The verified embed token's claims; throws the refusal (401) otherwise. */
export function embedClaimsOf(request: FastifyRequest): EmbedTokenClaims {
  const auth = request.auth;
  if (auth?.kind === 'embed') return auth.claims;
  if (auth?.kind === 'refused' && auth.scheme === 'embed') throw auth.error;
  throw new EmbedTokenError(
    'PowerBINotAuthorizedException',
    401,
    'Missing EmbedToken authorization header',
  );
}

/** preHandler of the REST routes: refuses any request without a valid access token. */
export async function requireCaller(request: FastifyRequest): Promise<void> {
  callerOf(request);
}

/** preHandler of the embed API: refuses any request without a valid embed token. */
export async function requireEmbedToken(request: FastifyRequest): Promise<void> {
  embedClaimsOf(request);
}
