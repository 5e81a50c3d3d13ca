import type { FastifyRequest } from 'fastify';
import type { TileItem } from '../catalog/content.ts';
import type { BiServices } from '../services.ts';
import type { DashboardRow } from '../storage/content.repository.ts';
import type { Principal, WorkspaceRole } from '../storage/principals.repository.ts';
import type { AccessLevel } from '../tokens/embed-token.ts';
import type { WorkspaceRow } from '../storage/workspaces.repository.ts';
import { verifyAccessToken, type VerifiedCaller } from '../tokens/access-token.ts';
import { isGuid } from '../ids.ts';
import { entityNotFound, notAuthorized, PowerBiError } from './powerbi-error.ts';

/** The caller of a REST route, from its `Authorization: Bearer <access token>`. */
export async function requireCaller(
  request: Pick<FastifyRequest, 'headers'>,
  services: BiServices,
): Promise<VerifiedCaller> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw notAuthorized('Missing bearer access token', 401);
  const result = await verifyAccessToken(services.accessTokenKey, match[1]!);
  if (result === 'expired') {
    throw new PowerBiError(
      401,
      'TokenExpired',
      'Access token has expired, resubmit with a new access token',
    );
  }
  if (result === 'invalid') throw notAuthorized('The access token is not valid', 401);
  return result;
}

/** A workspace the caller belongs to, with the caller's role in it. */
export interface MemberWorkspace {
  workspace: WorkspaceRow;
  role: WorkspaceRole;
}

/** 404 for an unknown workspace, 403 for one the principal does not belong to. */
export function requireMembership(
  services: BiServices,
  principal: Principal,
  groupId: string,
): MemberWorkspace {
  const workspace = isGuid(groupId) ? services.workspaces.getById(groupId) : undefined;
  if (!workspace) throw entityNotFound(`Workspace ${groupId}`);
  const role = services.principals.roleIn(workspace.id, principal);
  if (!role) throw notAuthorized(`The caller is not a member of workspace ${groupId}`);
  return { workspace, role };
}

/** Loads an item and checks it lives in `workspaceId`; anything else is 404. */
export function requireInWorkspace<T extends { workspaceId: string }>(
  item: T | undefined,
  workspaceId: string,
  what: string,
): T {
  if (!item || item.workspaceId !== workspaceId) throw entityNotFound(what);
  return item;
}

/** A dashboard of the workspace (404 otherwise). */
export function requireDashboard(
  services: BiServices,
  workspaceId: string,
  dashboardId: string,
): DashboardRow {
  return requireInWorkspace(services.content.getDashboard(dashboardId), workspaceId, 'Dashboard');
}

/** A tile of the dashboard (404 otherwise). */
export function requireTile(
  services: BiServices,
  dashboard: DashboardRow,
  tileId: string,
): TileItem {
  const tile = services.content
    .listTiles(dashboard.id)
    .find((item) => item.id === tileId.toLowerCase());
  if (!tile) throw entityNotFound('Tile');
  return tile;
}

/** Viewers may only read; editing or creating needs a contributing role in the workspace. */
export function requireRoleFor(
  accessLevel: AccessLevel,
  role: WorkspaceRole,
  workspaceId: string,
): void {
  if (accessLevel !== 'View' && role === 'Viewer') {
    throw notAuthorized(
      `${accessLevel} access needs more than the Viewer role in workspace ${workspaceId}`,
    );
  }
}
