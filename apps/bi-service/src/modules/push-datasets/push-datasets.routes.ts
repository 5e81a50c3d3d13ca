import {
  datasetRolesSchema,
  executeQueriesAnswerSchema,
  executeQueriesRequestSchema,
  postRowsRequestSchema,
  pushDatasetCreatedSchema,
  pushDatasetRequestSchema,
  pushTableSchema,
  pushTablesSchema,
  retentionPolicySchema,
} from '@vitrina/bi-model';
import { z } from 'zod';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { datasetParams, groupParams } from '../../http/route-params.ts';
import { memberRoute, membershipOf } from '../workspaces/workspace-member.ts';

const tableParams = datasetParams.extend({ tableName: z.string() });
const empty = z.object({});

/** 10,000 rows of a few dozen columns are several megabytes of JSON. */
const ROWS_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Power BI's push dataset API: create, read and reshape tables, add and delete rows, delete; and
 * Vitrina's row-level-security roles of the datasets it fills.
 */
export function registerPushDatasetRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'workspaceAccess' | 'pushDatasets'>,
): void {
  const member = memberRoute(services.workspaceAccess);
  const push = services.pushDatasets;
  const base = '/v1.0/myorg/groups/:groupId/datasets';

  app.post(
    base,
    member({
      params: groupParams,
      querystring: z.object({ defaultRetentionPolicy: retentionPolicySchema.optional() }),
      body: pushDatasetRequestSchema,
      response: { 201: pushDatasetCreatedSchema },
    }),
    async (request, reply) => {
      const retention = request.query.defaultRetentionPolicy ?? 'None';
      const created = await push.createPush(membershipOf(request), request.body, retention);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    `${base}/:datasetId`,
    member({ params: datasetParams, response: { 200: empty } }),
    async (request) => {
      await push.delete(membershipOf(request), request.params.datasetId);
      return {};
    },
  );

  app.get(
    `${base}/:datasetId/tables`,
    member({ params: datasetParams, response: { 200: pushTablesSchema } }),
    async (request) => ({
      value: await push.tables(membershipOf(request), request.params.datasetId),
    }),
  );

  app.post(
    `${base}/:datasetId/executeQueries`,
    member({
      params: datasetParams,
      body: executeQueriesRequestSchema,
      response: { 200: executeQueriesAnswerSchema },
    }),
    async (request) => {
      const [asked] = request.body.queries;
      const rows = await push.executeQuery(
        membershipOf(request),
        request.params.datasetId,
        asked!.query,
      );
      return { results: [{ tables: [{ rows }] }] };
    },
  );

  // Vitrina extension (decision 0170): Power BI declares roles in the model, not over REST.
  app.get(
    `${base}/:datasetId/roles`,
    member({ params: datasetParams, response: { 200: datasetRolesSchema } }),
    async (request) => ({
      value: await push.roles(membershipOf(request), request.params.datasetId),
    }),
  );

  app.put(
    `${base}/:datasetId/roles`,
    member({
      params: datasetParams,
      body: datasetRolesSchema,
      response: { 200: datasetRolesSchema },
    }),
    async (request) => ({
      value: await push.setRoles(
        membershipOf(request),
        request.params.datasetId,
        request.body.value,
      ),
    }),
  );

  app.put(
    `${base}/:datasetId/tables/:tableName`,
    member({
      params: tableParams,
      body: pushTableSchema,
      response: { 200: pushTableSchema },
    }),
    async (request) => {
      const { datasetId, tableName } = request.params;
      return push.putTable(membershipOf(request), datasetId, tableName, request.body);
    },
  );

  app.post(
    `${base}/:datasetId/tables/:tableName/rows`,
    {
      ...member({ params: tableParams, body: postRowsRequestSchema, response: { 200: empty } }),
      bodyLimit: ROWS_BODY_LIMIT,
    },
    async (request) => {
      const { datasetId, tableName } = request.params;
      await push.addRows(membershipOf(request), datasetId, tableName, request.body.rows);
      return {};
    },
  );

  app.delete(
    `${base}/:datasetId/tables/:tableName/rows`,
    member({ params: tableParams, response: { 200: empty } }),
    async (request) => {
      const { datasetId, tableName } = request.params;
      await push.deleteRows(membershipOf(request), datasetId, tableName);
      return {};
    },
  );
}
