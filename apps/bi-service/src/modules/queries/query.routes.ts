import { Readable } from 'node:stream';
import type { QueryBatchLine } from '@vitrina/bi-model';
import type { FastifyReply } from 'fastify';
import { embedClaimsOf, requireEmbedToken } from '../identity/request-auth.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { embedApi } from '../embed-api/embed-api.schemas.ts';

async function* ndjson(lines: AsyncIterable<QueryBatchLine>): AsyncGenerator<string> {
  for await (const line of lines) yield `${JSON.stringify(line)}\n`;
}

/** `POST /v1.0/embed/datasets/{id}/query|queries|export|qna`: the frame's data calls. */
export function registerQueryRoutes(app: ZodApp, services: Pick<RouteServices, 'queries'>): void {
  const { queries } = services;

  app.post(
    '/v1.0/embed/datasets/:datasetId/query',
    {
      preHandler: requireEmbedToken,
      schema: embedApi.query,
    },
    async (request) =>
      queries.query(embedClaimsOf(request), request.params.datasetId, request.body),
  );

  app.post(
    '/v1.0/embed/datasets/:datasetId/queries',
    {
      preHandler: requireEmbedToken,
      schema: embedApi.queries,
    },
    async (request, reply) => {
      // Access is checked before the first byte, so a refusal is still a plain error answer.
      const lines = queries.queryBatch(
        embedClaimsOf(request),
        request.params.datasetId,
        request.body.queries,
        (error) => request.log.error({ err: error }, 'a batch query failed'),
      );
      reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store');
      // The schema's string is what goes over the wire; Fastify pipes the stream as it is written.
      return (reply as FastifyReply).send(Readable.from(ndjson(lines)));
    },
  );

  app.post(
    '/v1.0/embed/datasets/:datasetId/export',
    {
      preHandler: requireEmbedToken,
      schema: embedApi.export,
    },
    async (request, reply) => {
      const csv = await queries.export(
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
      queries.qna(embedClaimsOf(request), request.params.datasetId, request.body.question),
  );
}
