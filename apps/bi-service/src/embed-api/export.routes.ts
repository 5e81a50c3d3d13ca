import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toCsv } from '../query/csv.ts';
import { MAX_QUERY_ROWS, querySchema } from '../query/query-schema.ts';
import { runQuery, runUnderlying } from '../query/run-query.ts';
import type { BiServices } from '../services.ts';
import { postDatasetAction } from './dataset-access.ts';

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
  postDatasetAction(
    app,
    services,
    'export',
    exportRequest,
    async ({ dataset, options }, body, reply) => {
      const { query, exportDataType } = body;
      const rows = Math.min(body.rows ?? MAX_QUERY_ROWS, MAX_QUERY_ROWS);
      const result =
        exportDataType === 1
          ? await runUnderlying(dataset, query, rows, options)
          : await runQuery(
              dataset,
              { ...query, limit: Math.min(rows, query.limit ?? rows) },
              options,
            );
      return reply.type('text/csv; charset=utf-8').send(toCsv(result));
    },
  );
}
