import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BiServices } from '../services.ts';
import type { WorkspaceRole } from '../storage/principals.repository.ts';
import type { AccessLevel } from '../tokens/embed-token.ts';
import { requireCaller, requireInWorkspace, requireMembership } from './caller.ts';
import { createEmbedTokenIssuer } from './embed-token-issuer.ts';
import { itemTokenBody } from './generate-token.schemas.ts';
import { registerMultiResourceTokenRoute } from './multi-resource-token.ts';
import { entityNotFound, notAuthorized } from './powerbi-error.ts';

const reportParams = z.object({ groupId: z.string(), reportId: z.string() });
const dashboardParams = z.object({ groupId: z.string(), dashboardId: z.string() });
const tileParams = dashboardParams.extend({ tileId: z.string() });

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

/** The per-item GenerateToken calls (V1) and the multi-resource one (V2). */
export function registerGenerateTokenRoutes(app: FastifyInstance, services: BiServices): void {
  const issue = createEmbedTokenIssuer(services);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { content } = services;

  typed.post(
    '/v1.0/myorg/groups/:groupId/reports/:reportId/GenerateToken',
    { schema: { params: reportParams, body: itemTokenBody } },
    async (request) => {
      const caller = await requireCaller(request, services);
      const { workspace, role } = requireMembership(
        services,
        caller.principal,
        request.params.groupId,
      );
      const report = requireInWorkspace(
        content.getReport(request.params.reportId),
        workspace.id,
        'Report',
      );
      const accessLevel = request.body.accessLevel ?? 'View';
      requireRoleFor(accessLevel, role, workspace.id);
      const scope = {
        reports: [report.id],
        datasets: [report.datasetId],
        workspaces: [workspace.id],
        accessLevel,
      };
      return issue(caller, scope, request.body);
    },
  );

  typed.post(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/GenerateToken',
    { schema: { params: dashboardParams, body: itemTokenBody } },
    async (request) => {
      const caller = await requireCaller(request, services);
      const { workspace } = requireMembership(services, caller.principal, request.params.groupId);
      const dashboard = requireInWorkspace(
        content.getDashboard(request.params.dashboardId),
        workspace.id,
        'Dashboard',
      );
      const tiles = content.listTiles(dashboard.id);
      // A dashboard token also covers what its tiles show, so the frame can query them.
      const scope = {
        dashboards: [dashboard.id],
        tiles: tiles.map((tile) => tile.id),
        reports: tiles.map((tile) => tile.reportId),
        datasets: tiles.map((tile) => tile.datasetId),
        workspaces: [workspace.id],
        accessLevel: 'View' as const,
      };
      return issue(caller, scope, request.body);
    },
  );

  typed.post(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken',
    { schema: { params: tileParams, body: itemTokenBody } },
    async (request) => {
      const caller = await requireCaller(request, services);
      const { workspace } = requireMembership(services, caller.principal, request.params.groupId);
      const dashboard = requireInWorkspace(
        content.getDashboard(request.params.dashboardId),
        workspace.id,
        'Dashboard',
      );
      const tile = content
        .listTiles(dashboard.id)
        .find((item) => item.id === request.params.tileId.toLowerCase());
      if (!tile) throw entityNotFound('Tile');
      const scope = {
        dashboards: [dashboard.id],
        tiles: [tile.id],
        reports: [tile.reportId],
        datasets: [tile.datasetId],
        workspaces: [workspace.id],
        accessLevel: 'View' as const,
      };
      return issue(caller, scope, request.body);
    },
  );

  registerMultiResourceTokenRoute(typed, services, issue);
}
