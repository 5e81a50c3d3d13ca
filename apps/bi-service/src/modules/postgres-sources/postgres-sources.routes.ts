import {
  postgresDatasetRequestSchema,
  pushDatasetCreatedSchema,
  refreshSchedulePatchSchema,
  refreshScheduleSchema,
  refreshSchema,
  valueListOf,
} from '@vitrina/bi-model';
import { z } from 'zod';
import { requireCaller } from '../identity/request-auth.ts';
import { powerBiErrors } from '../../http/error-schemas.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { datasetParams, groupParams } from '../../http/route-params.ts';
import { membershipOf, requireWorkspaceMember } from '../workspaces/workspace-member.ts';

/** Datasets over PostgreSQL: create, refresh now, refresh history and schedule (Power BI shapes). */
export function registerPostgresSourceRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'workspaceAccess' | 'postgresSources'>,
): void {
  const member = [requireCaller, requireWorkspaceMember(services.workspaceAccess)];
  const sources = services.postgresSources;
  const dataset = '/v1.0/myorg/groups/:groupId/datasets/:datasetId';

  app.post(
    '/v1.0/myorg/groups/:groupId/datasets/postgresql',
    {
      preHandler: member,
      schema: {
        params: groupParams,
        body: postgresDatasetRequestSchema,
        response: {
          201: pushDatasetCreatedSchema.omit({ defaultRetentionPolicy: true }),
          ...powerBiErrors,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sources.connect(membershipOf(request), request.body)),
  );

  app.post(
    `${dataset}/refreshes`,
    {
      preHandler: member,
      schema: {
        params: datasetParams,
        // Power BI's enhanced-refresh options are accepted and not used: a refresh copies everything.
        body: z.object({ notifyOption: z.string().optional() }).passthrough().optional(),
        response: { 202: z.object({}), ...powerBiErrors },
      },
    },
    async (request, reply) => {
      await sources.refreshNow(membershipOf(request), request.params.datasetId);
      return reply.status(202).send({});
    },
  );

  app.get(
    `${dataset}/refreshes`,
    {
      preHandler: member,
      schema: {
        params: datasetParams,
        querystring: z.object({ $top: z.coerce.number().int().min(1).max(1000).optional() }),
        response: { 200: valueListOf(refreshSchema), ...powerBiErrors },
      },
    },
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
    {
      preHandler: member,
      schema: { params: datasetParams, response: { 200: refreshScheduleSchema, ...powerBiErrors } },
    },
    async (request) => sources.schedule(membershipOf(request), request.params.datasetId),
  );

  app.patch(
    `${dataset}/refreshSchedule`,
    {
      preHandler: member,
      schema: {
        params: datasetParams,
        body: refreshSchedulePatchSchema,
        response: { 200: refreshScheduleSchema, ...powerBiErrors },
      },
    },
    async (request) =>
      sources.patchSchedule(membershipOf(request), request.params.datasetId, request.body.value),
  );
}
