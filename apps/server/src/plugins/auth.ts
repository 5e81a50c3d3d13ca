import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { roles, type Role } from '@vitrina/contracts';
import type { Database } from '../db/schema.ts';
import { appErrors } from '../errors.ts';
import type { Actor } from '../lib/audit.ts';
import type { AccessTokens } from './access-tokens.ts';

/** The signed-in user as route handlers see it. */
export interface SessionUser {
  id: number;
  username: string;
  rol: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`/`requireAdmin`; null on public routes. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token of an existing user is sent. */
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

/**
 * Bearer-token authentication. The user row is read on every request so that a deleted user
 * or a changed role takes effect immediately, not when the access token expires.
 */
export function installAuth(
  app: FastifyInstance,
  db: Kysely<Database>,
  tokens: AccessTokens,
): void {
  app.decorateRequest('user', null);

  async function authenticate(request: FastifyRequest): Promise<SessionUser> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const userId = match?.[1] ? await tokens.verify(match[1]) : null;
    if (userId === null) throw appErrors.unauthorized();
    const row = await db
      .selectFrom('users')
      .select(['id', 'username', 'rol'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw appErrors.unauthorized();
    const user: SessionUser = {
      id: row.id,
      username: row.username,
      rol: row.rol === roles.administrator ? roles.administrator : roles.viewer,
    };
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
