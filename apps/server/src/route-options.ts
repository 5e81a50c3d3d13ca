import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { errorResponses } from './errors.ts';

/** The session's bearer token, as the OpenAPI document names it (plugins/docs.ts). */
const security = [{ bearer: [] }];

type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * What any guarded route may answer besides its own answers: a request its schema or rules
 * refuse (400), no live session (401), a user not allowed (403), an id that names nothing (404).
 * A route lists only the errors beyond these (409, 502…).
 */
const guardedErrors = errorResponses(400, 401, 403, 404);

/**
 * The options every guarded route of a module repeats: the guard (`preHandler`) and, for the
 * OpenAPI page, the module's tag, the bearer security, the route's summary and the errors above,
 * around the route's own schema (params, body, response…). Routes add `onRequest` or a
 * serializer by spreading the result.
 */
function guardedBy(preHandler: Guard, tag: string | undefined) {
  const tags = tag === undefined ? {} : { tags: [tag] };
  return <const S extends FastifySchema & { response: object }>(
    summary: string | undefined,
    schema: S,
  ) => ({
    preHandler,
    schema: {
      ...tags,
      security,
      ...(summary === undefined ? {} : { summary }),
      ...schema,
      response: { ...guardedErrors, ...schema.response },
    },
  });
}

/** Route options of a guarded route, as `app.admin(summary, schema)` builds them. */
export type GuardedRoute = ReturnType<typeof guardedBy>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Options of a route for any signed-in user, under the module's tag (`ApiModule.tag`). */
    signedIn: GuardedRoute;
    /** Options of a route for administrators only, under the module's tag. */
    admin: GuardedRoute;
  }
}

/**
 * Gives the app a module registers on (its own Fastify scope) the module's two kinds of guarded
 * route: `app.signedIn` and `app.admin`, both under the module's OpenAPI tag.
 */
export function installRouteGuards(
  scope: FastifyInstance,
  app: { requireAuth: Guard; requireAdmin: Guard },
  tag: string | undefined,
) {
  scope.decorate('signedIn', guardedBy(app.requireAuth, tag));
  scope.decorate('admin', guardedBy(app.requireAdmin, tag));
}

/** The response schema of a route that succeeds with an empty answer. */
export const noContent = z.undefined();

/** The handler of a route that answers `status` (201, 202) with what `work` resolves to. */
export function answerWithStatus<R>(status: number, work: (request: R) => Promise<unknown>) {
  return async (request: R, reply: FastifyReply) => reply.status(status).send(await work(request));
}

/** The handler of such a route: does `work`, then answers 204 without a body. */
export function answerNoContent<R>(work: (request: R) => Promise<unknown>) {
  return async (request: R, reply: FastifyReply) => {
    await work(request);
    return reply.status(204).send();
  };
}
