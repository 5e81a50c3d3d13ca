import type { FastifyRequest, FastifySchema } from 'fastify';
import { powerBiErrors } from '../../http/error-schemas.ts';
import { callerOf, requireCaller } from '../identity/request-auth.ts';
import type { MemberWorkspace, WorkspacesService } from './workspaces.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the workspace-member preHandler on `/groups/:groupId/…` routes. */
    membership: MemberWorkspace | null;
  }
}

/**
 * preHandler of the `/v1.0/myorg/groups/:groupId/…` routes: the verified caller must belong to the
 * workspace (404 unknown workspace, 403 not a member) before the route runs.
 */
export function requireWorkspaceMember(access: Pick<WorkspacesService, 'membership'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const { groupId } = request.params as { groupId: string };
    request.membership = await access.membership(callerOf(request).principal, groupId);
  };
}

/** The membership the preHandler found; a route without that preHandler is a programming error. */
export function membershipOf(request: FastifyRequest): MemberWorkspace {
  if (!request.membership) throw new Error('Route registered without requireWorkspaceMember');
  return request.membership;
}

/**
 * The options of a `/v1.0/myorg/groups/:groupId/…` route around its own schema: the caller must
 * be verified and belong to the workspace, and the route may answer Power BI's errors besides its
 * own answers. Routes add a body limit by spreading the result.
 */
export function memberRoute(access: Pick<WorkspacesService, 'membership'>) {
  const preHandler = [requireCaller, requireWorkspaceMember(access)];
  return <const S extends FastifySchema & { response: object }>(schema: S) => ({
    preHandler,
    schema: { ...schema, response: { ...powerBiErrors, ...schema.response } },
  });
}
