import { z } from 'zod';
import { embedClaimsOf, requireEmbedToken } from '../auth/request-auth.ts';
import { powerBiErrors } from '../http/error-schemas.ts';
import { querySchema } from '../query/query-schema.ts';
import type { BiServices } from '../services.ts';
import type { ZodApp } from '../zod-app.ts';
import {
  csvSchema,
  datasetParams,
  qnaAnswerSchema,
  queryResultSchema,
} from './embed-api.schemas.ts';

const exportRequest = z.object({
  query: querySchema,
  /** ExportDataType: 0 summarized (what the visual shows), 1 underlying (fact rows). */
  exportDataType: z.union([z.literal(0), z.literal(1)]),
  rows: z.number().int().min(1).optional(),
});

const qnaRequest = z.object({ question: z.string().trim().min(1).max(500) });

/** `POST /v1.0/embed/datasets/{id}/query|export|qna`: the frame's data calls. */
export function registerDatasetRoutes(app: ZodApp, services: Pick<BiServices, 'datasets'>): void {
  const { datasets } = services;

  app.post(
    '/v1.0/embed/datasets/:datasetId/query',
    {
      preHandler: requireEmbedToken,
      schema: {
        params: datasetParams,
        body: querySchema,
        response: { 200: queryResultSchema, ...powerBiErrors },
      },
    },
    async (request) =>
      datasets.query(embedClaimsOf(request), request.params.datasetId, request.body),
  );

  app.post(
    '/v1.0/embed/datasets/:datasetId/export',
    {
      preHandler: requireEmbedToken,
      schema: {
        params: datasetParams,
        body: exportRequest,
        response: { 200: csvSchema, ...powerBiErrors },
      },
    },
    async (request, reply) => {
      const csv = await datasets.export(
        embedClaimsOf(request),
        request.params.datasetId,
        request.body,
      );
      return reply.type('text/csv; charset=utf-8').send(csv);
    },
  );

  app.post(
    '/v1.0/embed/datasets/:datasetId/qna',
    {
      preHandler: requireEmbedToken,
      schema: {
        params: datasetParams,
        body: qnaRequest,
        response: { 200: qnaAnswerSchema, ...powerBiErrors },
      },
    },
    async (request) =>
      datasets.qna(embedClaimsOf(request), request.params.datasetId, request.body.question),
  );
}
