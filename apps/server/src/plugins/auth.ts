import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roles } from '@vitrina/contracts';
import { appErrors } from '../errors.ts';
import type { Actor } from '../lib/audit.ts';
import type { SessionResolver, SessionUser } from '../lib/sessions.ts';
import type { AccessTokens } from './access-tokens.ts';

export type { SessionUser } from '../lib/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`/`requireAdmin`; null on public routes. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token of a live session is sent. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a session, 403 unless the user is an administrator. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user; only call after `requireAuth` or `requireAdmin`. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw appErrors.unauthorized();
  return request.user;
}

/** The audit actor for a request (the signed-in user, if any, and the client address). */
export function actorOf(request: FastifyRequest): Actor {
  return { id: request.user?.id ?? null, username: request.user?.username ?? null, ip: request.ip };
}

/** The audit actor of a signed-in user's request, its id known (no session answers 401). */
export function signedInActorOf(request: FastifyRequest): Actor & { id: number } {
  return { ...actorOf(request), id: sessionUser(request).id };
}

/**
 * Bearer-token authentication. Besides the signature and lifetime, the token's session must
 * still be alive: logout, reuse detection, password changes and resets, role changes and user
 * deletion revoke it, and the session cache forgets it at once (docs/decisions/0110).
 */
export function installAuth(
  app: FastifyInstance,
  tokens: AccessTokens,
  sessions: SessionResolver,
): void {
  app.decorateRequest('user', null);

  async function authenticate(request: FastifyRequest): Promise<SessionUser> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const claims = match?.[1] ? await tokens.verify(match[1]) : null;
    const user = claims ? await sessions.resolve(claims) : null;
    if (!user) throw appErrors.unauthorized();
    request.user = user;
    return user;
  }

  app.decorate('requireAuth', async (request: FastifyRequest) => {
    await authenticate(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (user.rol !== roles.administrator) throw appErrors.forbidden();
  });
}
