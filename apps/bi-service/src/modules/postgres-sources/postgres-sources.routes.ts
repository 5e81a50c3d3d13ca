import {
  postgresDatasetRequestSchema,
  pushDatasetCreatedSchema,
  refreshSchedulePatchSchema,
  refreshScheduleSchema,
  refreshSchema,
  valueListOf,
} from '@vitrina/bi-model';
import { z } from 'zod';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { datasetParams, groupParams } from '../../http/route-params.ts';
import { memberRoute, membershipOf } from '../workspaces/workspace-member.ts';

/** Datasets over PostgreSQL: create, refresh now, refresh history and schedule (Power BI shapes). */
export function registerPostgresSourceRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'workspaceAccess' | 'postgresSources'>,
): void {
  const member = memberRoute(services.workspaceAccess);
  const sources = services.postgresSources;
  const dataset = '/v1.0/myorg/groups/:groupId/datasets/:datasetId';

  app.post(
    '/v1.0/myorg/groups/:groupId/datasets/postgresql',
    member({
      params: groupParams,
      body: postgresDatasetRequestSchema,
      response: {
        201: pushDatasetCreatedSchema.omit({ defaultRetentionPolicy: true }),
      },
    }),
    async (request, reply) =>
      reply.status(201).send(await sources.connect(membershipOf(request), request.body)),
  );

  app.post(
    `${dataset}/refreshes`,
    member({
      params: datasetParams,
      // Power BI's enhanced-refresh options are accepted and not used: a refresh copies everything.
      body: z.object({ notifyOption: z.string().optional() }).passthrough().optional(),
      response: { 202: z.object({}) },
    }),
    async (request, reply) => {
      await sources.refreshNow(membershipOf(request), request.params.datasetId);
      return reply.status(202).send({});
    },
  );

  app.get(
    `${dataset}/refreshes`,
    member({
      params: datasetParams,
      querystring: z.object({ $top: z.coerce.number().int().min(1).max(1000).optional() }),
      response: { 200: valueListOf(refreshSchema) },
    }),
    async (request) => ({
      value: await sources.history(
        membershipOf(request),
        request.params.datasetId,
        request.query.$top,
      ),
    }),
  );

  app.get(
    `${dataset}/refreshSchedule`,
    member({ params: datasetParams, response: { 200: refreshScheduleSchema } }),
    async (request) => sources.schedule(membershipOf(request), request.params.datasetId),
  );

  app.patch(
    `${dataset}/refreshSchedule`,
    member({
      params: datasetParams,
      body: refreshSchedulePatchSchema,
      response: { 200: refreshScheduleSchema },
    }),
    async (request) =>
      sources.patchSchedule(membershipOf(request), request.params.datasetId, request.body.value),
  );
}
