import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BiServices } from '../services.ts';
import type { TileItem } from '../catalog/content.ts';
import {
  requireCaller,
  requireDashboard,
  requireInWorkspace,
  requireMembership,
  requireRoleFor,
  requireTile,
} from './caller.ts';
import { entityNotFound } from './powerbi-error.ts';
import { createEmbedTokenIssuer, type TokenScope } from './embed-token-issuer.ts';
import { createReportTokenBody, itemTokenBody } from './generate-token.schemas.ts';
import { registerMultiResourceTokenRoute } from './multi-resource-token.ts';

const groupParams = z.object({ groupId: z.string() });
const reportParams = groupParams.extend({ reportId: z.string() });
const dashboardParams = z.object({ groupId: z.string(), dashboardId: z.string() });
const tileParams = dashboardParams.extend({ tileId: z.string() });

/**
 * A dashboard or tile token covers the dashboard (for its definition), the tiles and what they
 * show, so the frame can query the reports and datasets behind them. Always View.
 */
function tilesScope(dashboardId: string, workspaceId: string, tiles: TileItem[]): TokenScope {
  return {
    dashboards: [dashboardId],
    tiles: tiles.map((tile) => tile.id),
    reports: tiles.map((tile) => tile.reportId),
    datasets: tiles.map((tile) => tile.datasetId),
    workspaces: [workspaceId],
    accessLevel: 'View',
  };
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
      const dashboard = requireDashboard(services, workspace.id, request.params.dashboardId);
      const tiles = content.listTiles(dashboard.id);
      return issue(caller, tilesScope(dashboard.id, workspace.id, tiles), request.body);
    },
  );

  typed.post(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken',
    { schema: { params: tileParams, body: itemTokenBody } },
    async (request) => {
      const caller = await requireCaller(request, services);
      const { workspace } = requireMembership(services, caller.principal, request.params.groupId);
      const dashboard = requireDashboard(services, workspace.id, request.params.dashboardId);
      const tile = requireTile(services, dashboard, request.params.tileId);
      return issue(caller, tilesScope(dashboard.id, workspace.id, [tile]), request.body);
    },
  );

  // A create token: the frame opens an empty report on the dataset and may save it in the group.
  typed.post(
    '/v1.0/myorg/groups/:groupId/reports/GenerateToken',
    { schema: { params: groupParams, body: createReportTokenBody } },
    async (request) => {
      const caller = await requireCaller(request, services);
      const { workspace, role } = requireMembership(
        services,
        caller.principal,
        request.params.groupId,
      );
      requireRoleFor('Create', role, workspace.id);
      const dataset = content.getDataset(request.body.datasetId);
      if (!dataset) throw entityNotFound(`Dataset ${request.body.datasetId}`);
      requireMembership(services, caller.principal, dataset.workspaceId);
      const scope = {
        reports: [],
        datasets: [dataset.id],
        workspaces: [workspace.id, dataset.workspaceId],
        accessLevel: 'Create' as const,
      };
      return issue(caller, scope, request.body);
    },
  );

  registerMultiResourceTokenRoute(typed, services, issue);
}
