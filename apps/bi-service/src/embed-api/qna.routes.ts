import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { interpretQuestion } from '../query/qna.ts';
import type { BiServices } from '../services.ts';
import { postDatasetAction } from './dataset-access.ts';

const qnaRequest = z.object({ question: z.string().trim().min(1).max(500) });

/** `POST /v1.0/embed/datasets/{id}/qna`: a question → `{ query, visualType, title }`. */
export function registerQnaRoutes(
  app: FastifyInstance,
  services: Pick<BiServices, 'datasetSchemas'>,
): void {
  postDatasetAction(app, services, 'qna', qnaRequest, async ({ dataset }, { question }) =>
    interpretQuestion(dataset.model.definition, question),
  );
}
