import type { FastifyInstance } from 'fastify';
import { querySchema } from '../query/query-schema.ts';
import { runQuery } from '../query/run-query.ts';
import type { BiServices } from '../services.ts';
import { postDatasetAction } from './dataset-access.ts';

/** `POST /v1.0/embed/datasets/{id}/query`: a visual's rows (docs/bi-embed-api.md `Query`). */
export function registerQueryRoutes(
  app: FastifyInstance,
  services: Pick<BiServices, 'datasetSchemas'>,
): void {
  postDatasetAction(app, services, 'query', querySchema, ({ dataset, options }, query) =>
    runQuery(dataset, query, options),
  );
}
