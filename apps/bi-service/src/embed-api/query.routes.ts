import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { querySchema } from '../query/query-schema.ts';
import { runQuery } from '../query/run-query.ts';
import type { BiServices } from '../services.ts';
import { answering, datasetRegistryOf, openDatasetForToken } from './dataset-access.ts';

export const datasetParams = z.object({ datasetId: z.string().min(1).max(100) });

/** `POST /v1.0/embed/datasets/{id}/query`: a visual's rows (docs/bi-embed-api.md `Query`). */
export function registerQueryRoutes(
  app: FastifyInstance,
  services: Pick<BiServices, 'datasetSchemas'>,
): void {
  const registry = datasetRegistryOf(services);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/v1.0/embed/datasets/:datasetId/query',
      { schema: { params: datasetParams, body: querySchema } },
      async (request) => {
        const access = await openDatasetForToken(
          registry,
          request.headers.authorization,
          request.params.datasetId,
        );
        return answering(() =>
          runQuery(
            access.dataset,
            request.body,
            access.identity ? { identity: access.identity } : {},
          ),
        );
      },
    );
}
