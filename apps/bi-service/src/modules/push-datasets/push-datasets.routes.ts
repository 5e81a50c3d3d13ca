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
import { requireCaller } from '../identity/request-auth.ts';
import { powerBiErrors } from '../../http/error-schemas.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { datasetParams, groupParams } from '../../http/route-params.ts';
import { membershipOf, requireWorkspaceMember } from '../workspaces/workspace-member.ts';

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
  const member = [requireCaller, requireWorkspaceMember(services.workspaceAccess)];
  const push = services.pushDatasets;
  const base = '/v1.0/myorg/groups/:groupId/datasets';

  app.post(
    base,
    {
      preHandler: member,
      schema: {
        params: groupParams,
        querystring: z.object({ defaultRetentionPolicy: retentionPolicySchema.optional() }),
        body: pushDatasetRequestSchema,
        response: { 201: pushDatasetCreatedSchema, ...powerBiErrors },
      },
    },
    async (request, reply) => {
      const retention = request.query.defaultRetentionPolicy ?? 'None';
      const created = await push.createPush(membershipOf(request), request.body, retention);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    `${base}/:datasetId`,
    {
      preHandler: member,
      schema: { params: datasetParams, response: { 200: empty, ...powerBiErrors } },
    },
    async (request) => {
      await push.delete(membershipOf(request), request.params.datasetId);
      return {};
    },
  );

  app.get(
    `${base}/:datasetId/tables`,
    {
      preHandler: member,
      schema: { params: datasetParams, response: { 200: pushTablesSchema, ...powerBiErrors } },
    },
    async (request) => ({
      value: await push.tables(membershipOf(request), request.params.datasetId),
    }),
  );

  app.post(
    `${base}/:datasetId/executeQueries`,
    {
      preHandler: member,
      schema: {
        params: datasetParams,
        body: executeQueriesRequestSchema,
        response: { 200: executeQueriesAnswerSchema, ...powerBiErrors },
      },
    },
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
    {
      preHandler: member,
      schema: { params: datasetParams, response: { 200: datasetRolesSchema, ...powerBiErrors } },
    },
    async (request) => ({
      value: await push.roles(membershipOf(request), request.params.datasetId),
    }),
  );

  app.put(
    `${base}/:datasetId/roles`,
    {
      preHandler: member,
      schema: {
        params: datasetParams,
        body: datasetRolesSchema,
        response: { 200: datasetRolesSchema, ...powerBiErrors },
      },
    },
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
    {
      preHandler: member,
      schema: {
        params: tableParams,
        body: pushTableSchema,
        response: { 200: pushTableSchema, ...powerBiErrors },
      },
    },
    async (request) => {
      const { datasetId, tableName } = request.params;
      return push.putTable(membershipOf(request), datasetId, tableName, request.body);
    },
  );

  app.post(
    `${base}/:datasetId/tables/:tableName/rows`,
    {
      preHandler: member,
      bodyLimit: ROWS_BODY_LIMIT,
      schema: {
        params: tableParams,
        body: postRowsRequestSchema,
        response: { 200: empty, ...powerBiErrors },
      },
    },
    async (request) => {
      const { datasetId, tableName } = request.params;
      await push.addRows(membershipOf(request), datasetId, tableName, request.body.rows);
      return {};
    },
  );

  app.delete(
    `${base}/:datasetId/tables/:tableName/rows`,
    {
      preHandler: member,
      schema: { params: tableParams, response: { 200: empty, ...powerBiErrors } },
    },
    async (request) => {
      const { datasetId, tableName } = request.params;
      await push.deleteRows(membershipOf(request), datasetId, tableName);
      return {};
    },
  );
}
