import {
  dashboardSchema,
  datasetSchema,
  groupSchema,
  reportPageSchema,
  reportSchema,
  tileSchema,
  valueListOf,
} from '@vitrina/bi-model';
import { requireCaller, callerOf } from '../identity/request-auth.ts';
import { powerBiErrors } from '../../http/error-schemas.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { createPresenters } from './presenters.ts';
import {
  dashboardParams,
  datasetParams,
  groupParams,
  reportParams,
  tileParams,
} from '../../http/route-params.ts';
import { memberRoute, membershipOf } from '../workspaces/workspace-member.ts';

/** Read routes of the Power BI REST dialect: groups and what they hold. */
export function registerGroupRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'config' | 'contentAccess' | 'workspaceAccess'>,
): void {
  const present = createPresenters(services.config.publicUrl);
  const access = services.contentAccess;
  const member = memberRoute(services.workspaceAccess);
  const workspaceOf = (request: Parameters<typeof membershipOf>[0]) =>
    membershipOf(request).workspace.id;

  app.get(
    '/v1.0/myorg/groups',
    {
      preHandler: requireCaller,
      schema: { response: { 200: valueListOf(groupSchema), ...powerBiErrors } },
    },
    async (request) => ({
      value: (await services.workspaceAccess.listWorkspaces(callerOf(request).principal)).map(
        present.group,
      ),
    }),
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/reports',
    member({
      params: groupParams,
      response: { 200: valueListOf(reportSchema) },
    }),
    async (request) => {
      const reports = await access.reports(workspaceOf(request));
      return {
        value: reports.map(({ report, datasetWorkspaceId }) =>
          present.report(report, datasetWorkspaceId),
        ),
      };
    },
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/reports/:reportId',
    member({ params: reportParams, response: { 200: reportSchema } }),
    async (request) => {
      const { report, datasetWorkspaceId } = await access.report(
        workspaceOf(request),
        request.params.reportId,
      );
      return present.report(report, datasetWorkspaceId);
    },
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/reports/:reportId/pages',
    member({
      params: reportParams,
      response: { 200: valueListOf(reportPageSchema) },
    }),
    async (request) => ({
      value: await access.reportPages(workspaceOf(request), request.params.reportId),
    }),
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/dashboards',
    member({
      params: groupParams,
      response: { 200: valueListOf(dashboardSchema) },
    }),
    async (request) => ({
      value: (await access.dashboards(workspaceOf(request))).map(present.dashboard),
    }),
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId',
    member({ params: dashboardParams, response: { 200: dashboardSchema } }),
    async (request) =>
      present.dashboard(await access.dashboard(workspaceOf(request), request.params.dashboardId)),
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/tiles',
    member({
      params: dashboardParams,
      response: { 200: valueListOf(tileSchema) },
    }),
    async (request) => {
      const dashboard = await access.dashboard(workspaceOf(request), request.params.dashboardId);
      const tiles = await access.tiles(dashboard);
      return { value: tiles.map((tile) => present.tile(tile, dashboard)) };
    },
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/tiles/:tileId',
    member({ params: tileParams, response: { 200: tileSchema } }),
    async (request) => {
      const dashboard = await access.dashboard(workspaceOf(request), request.params.dashboardId);
      return present.tile(await access.tile(dashboard, request.params.tileId), dashboard);
    },
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/datasets',
    member({
      params: groupParams,
      response: { 200: valueListOf(datasetSchema) },
    }),
    async (request) => ({
      value: (await access.datasets(workspaceOf(request))).map(present.dataset),
    }),
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/datasets/:datasetId',
    member({ params: datasetParams, response: { 200: datasetSchema } }),
    async (request) =>
      present.dataset(await access.dataset(workspaceOf(request), request.params.datasetId)),
  );
}
