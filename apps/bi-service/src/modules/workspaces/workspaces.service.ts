import { isGuid } from '../../platform/ids.ts';
import { entityNotFound, notAuthorized } from '../../http/powerbi-error.ts';
import type {
  Principal,
  PrincipalsRepository,
  WorkspaceRole,
} from '../identity/principals.repository.ts';
import type { AccessLevel } from '@vitrina/bi-model';
import type { WorkspaceRow, WorkspacesRepository } from './workspaces.repository.ts';

/** A workspace the caller belongs to, with the caller's role in it. */
export interface MemberWorkspace {
  workspace: WorkspaceRow;
  role: WorkspaceRole;
}

/** Workspaces as a principal may see them: its memberships and what its role allows. */
export function createWorkspacesService(repositories: {
  principals: PrincipalsRepository;
  workspaces: WorkspacesRepository;
}) {
  const { principals, workspaces } = repositories;
  return {
    listWorkspaces: (principal: Principal) => workspaces.listFor(principal),

    /** 404 for an unknown workspace, 403 for one the principal does not belong to. */
    async membership(principal: Principal, groupId: string): Promise<MemberWorkspace> {
      const workspace = isGuid(groupId) ? await workspaces.getById(groupId) : undefined;
      if (!workspace) throw entityNotFound(`Workspace ${groupId}`);
      const role = await principals.roleIn(workspace.id, principal);
      if (!role) throw notAuthorized(`The caller is not a member of workspace ${groupId}`);
      return { workspace, role };
    },

    /** Viewers may only read; editing or creating needs a contributing role in the workspace. */
    requireRoleFor(accessLevel: AccessLevel, member: MemberWorkspace): void {
      if (accessLevel !== 'View' && member.role === 'Viewer') {
        throw notAuthorized(
          `${accessLevel} access needs more than the Viewer role in workspace ${member.workspace.id}`,
        );
      }
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
