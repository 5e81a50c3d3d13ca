import { embedClaimsOf, requireEmbedToken } from '../auth/request-auth.ts';
import type { BiServices } from '../services.ts';
import type { ZodApp } from '../zod-app.ts';
import { embedApi } from './embed-api.schemas.ts';

/** `POST /v1.0/embed/datasets/{id}/query|export|qna`: the frame's data calls. */
export function registerDatasetRoutes(app: ZodApp, services: Pick<BiServices, 'datasets'>): void {
  const { datasets } = services;

  app.post(
    '/v1.0/embed/datasets/:datasetId/query',
    {
      preHandler: requireEmbedToken,
      schema: embedApi.query,
    },
    async (request) =>
      datasets.query(embedClaimsOf(request), request.params.datasetId, request.body),
  );

  app.post(
    '/v1.0/embed/datasets/:datasetId/export',
    {
      preHandler: requireEmbedToken,
      schema: embedApi.export,
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
      schema: embedApi.qna,
    },
    async (request) =>
      datasets.qna(embedClaimsOf(request), request.params.datasetId, request.body.question),
  );
}
