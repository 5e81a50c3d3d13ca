import type { FastifyRequest } from 'fastify';
import { callerOf } from '../identity/request-auth.ts';
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
