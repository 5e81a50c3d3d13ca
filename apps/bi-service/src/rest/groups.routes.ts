import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BiServices } from '../services.ts';
import {
  requireCaller,
  requireDashboard,
  requireInWorkspace,
  requireMembership,
  requireTile,
} from './caller.ts';
import { createPresenters } from './presenters.ts';

type GroupParams = { groupId: string };

/** Read routes of the Power BI REST dialect: groups and what they hold. */
export function registerGroupRoutes(app: FastifyInstance, services: BiServices): void {
  const present = createPresenters(services.config.publicUrl);
  const { content } = services;

  /** The caller's workspace, or a Power BI error. */
  const memberWorkspace = async (request: Pick<FastifyRequest, 'headers'>, groupId: string) => {
    const caller = await requireCaller(request, services);
    return requireMembership(services, caller.principal, groupId).workspace;
  };
  const datasetWorkspaceOf = (datasetId: string) =>
    content.getDataset(datasetId)?.workspaceId ?? '';

  app.get('/v1.0/myorg/groups', async (request) => {
    const caller = await requireCaller(request, services);
    return { value: services.workspaces.listFor(caller.principal).map(present.group) };
  });

  app.get<{ Params: GroupParams }>('/v1.0/myorg/groups/:groupId/reports', async (request) => {
    const workspace = await memberWorkspace(request, request.params.groupId);
    const reports = content.listReports(workspace.id);
    return {
      value: reports.map((report) => present.report(report, datasetWorkspaceOf(report.datasetId))),
    };
  });

  app.get<{ Params: GroupParams & { reportId: string } }>(
    '/v1.0/myorg/groups/:groupId/reports/:reportId',
    async (request) => {
      const workspace = await memberWorkspace(request, request.params.groupId);
      const report = requireInWorkspace(
        content.getReport(request.params.reportId),
        workspace.id,
        'Report',
      );
      return present.report(report, datasetWorkspaceOf(report.datasetId));
    },
  );

  app.get<{ Params: GroupParams }>('/v1.0/myorg/groups/:groupId/dashboards', async (request) => {
    const workspace = await memberWorkspace(request, request.params.groupId);
    return { value: content.listDashboards(workspace.id).map(present.dashboard) };
  });

  app.get<{ Params: GroupParams & { dashboardId: string } }>(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId',
    async (request) => {
      const workspace = await memberWorkspace(request, request.params.groupId);
      return present.dashboard(
        requireDashboard(services, workspace.id, request.params.dashboardId),
      );
    },
  );

  app.get<{ Params: GroupParams & { dashboardId: string } }>(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/tiles',
    async (request) => {
      const workspace = await memberWorkspace(request, request.params.groupId);
      const dashboard = requireDashboard(services, workspace.id, request.params.dashboardId);
      return {
        value: content.listTiles(dashboard.id).map((tile) => present.tile(tile, dashboard)),
      };
    },
  );

  app.get<{ Params: GroupParams & { dashboardId: string; tileId: string } }>(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/tiles/:tileId',
    async (request) => {
      const workspace = await memberWorkspace(request, request.params.groupId);
      const dashboard = requireDashboard(services, workspace.id, request.params.dashboardId);
      return present.tile(requireTile(services, dashboard, request.params.tileId), dashboard);
    },
  );

  app.get<{ Params: GroupParams }>('/v1.0/myorg/groups/:groupId/datasets', async (request) => {
    const workspace = await memberWorkspace(request, request.params.groupId);
    return { value: content.listDatasets(workspace.id).map(present.dataset) };
  });

  app.get<{ Params: GroupParams & { datasetId: string } }>(
    '/v1.0/myorg/groups/:groupId/datasets/:datasetId',
    async (request) => {
      const workspace = await memberWorkspace(request, request.params.groupId);
      return present.dataset(
        requireInWorkspace(content.getDataset(request.params.datasetId), workspace.id, 'Dataset'),
      );
    },
  );
}
