import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCsv } from '../query/csv.ts';
import { MAX_QUERY_ROWS, querySchema } from '../query/query-schema.ts';
import { runQuery, runUnderlying } from '../query/run-query.ts';
import type { BiServices } from '../services.ts';
import { answering, datasetRegistryOf, openDatasetForToken } from './dataset-access.ts';
import { datasetParams } from './query.routes.ts';

const exportRequest = z.object({
  query: querySchema,
  /** ExportDataType: 0 summarized (what the visual shows), 1 underlying (fact rows). */
  exportDataType: z.union([z.literal(0), z.literal(1)]),
  rows: z.number().int().min(1).optional(),
});

/** `POST /v1.0/embed/datasets/{id}/export`: a visual's data as CSV, for the SDK's exportData. */
export function registerExportRoutes(
  app: FastifyInstance,
  services: Pick<BiServices, 'datasetSchemas'>,
): void {
  const registry = datasetRegistryOf(services);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/v1.0/embed/datasets/:datasetId/export',
      { schema: { params: datasetParams, body: exportRequest } },
      async (request, reply) => {
        const access = await openDatasetForToken(
          registry,
          request.headers.authorization,
          request.params.datasetId,
        );
        const { query, exportDataType } = request.body;
        const rows = Math.min(request.body.rows ?? MAX_QUERY_ROWS, MAX_QUERY_ROWS);
        const options = access.identity ? { identity: access.identity } : {};
        const result = await answering(() =>
          exportDataType === 1
            ? runUnderlying(access.dataset, query, rows, options)
            : runQuery(
                access.dataset,
                { ...query, limit: Math.min(rows, query.limit ?? rows) },
                options,
              ),
        );
        return reply.type('text/csv; charset=utf-8').send(toCsv(result));
      },
    );
}
