import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { interpretQuestion } from '../query/qna.ts';
import type { BiServices } from '../services.ts';
import { answering, datasetRegistryOf, openDatasetForToken } from './dataset-access.ts';
import { datasetParams } from './query.routes.ts';

const qnaRequest = z.object({ question: z.string().trim().min(1).max(500) });

/** `POST /v1.0/embed/datasets/{id}/qna`: a question → `{ query, visualType, title }`. */
export function registerQnaRoutes(
  app: FastifyInstance,
  services: Pick<BiServices, 'datasetSchemas'>,
): void {
  const registry = datasetRegistryOf(services);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/v1.0/embed/datasets/:datasetId/qna',
      { schema: { params: datasetParams, body: qnaRequest } },
      async (request) => {
        const { dataset } = await openDatasetForToken(
          registry,
          request.headers.authorization,
          request.params.datasetId,
        );
        return answering(async () =>
          interpretQuestion(dataset.model.definition, request.body.question),
        );
      },
    );
}
