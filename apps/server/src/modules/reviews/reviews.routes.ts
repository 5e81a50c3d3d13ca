import {
  createReviewSchema,
  numericIdParamsSchema,
  putReviewLinesSchema,
  reviewListSchema,
  reviewSchema,
} from '@vitrina/contracts';
import { z } from 'zod';
import type { ApiModule } from '../../context.ts';
import { errorResponses } from '../../errors.ts';
import { actorOf } from '../../plugins/auth.ts';
import { noStore } from '../../plugins/security.ts';
import { routeOptions } from '../../route-options.ts';
import { attachmentHeader } from '../viewer/export-file-name.ts';
import { reviewCsv } from './review-csv.ts';
import type { ReviewsService } from './reviews.service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** Access reviews (issue 30), administrators only; overdue ones escalate hourly. */
export const reviewsModule = (
  reviews: ReviewsService,
  lifecycle: { start(): void; stop(): Promise<void> },
): ApiModule => ({
  name: 'reviews',
  register(app) {
    const { admin } = routeOptions(app, 'revisiones');
    app.addHook('onReady', async () => lifecycle.start());
    app.addHook('onClose', () => lifecycle.stop());

    app.post(
      '/reviews',
      admin('Inicia una revisión de acceso sobre una cuenta, área de trabajo o informe', {
        body: createReviewSchema,
        response: { 201: reviewSchema, ...errors },
      }),
      async (request, reply) =>
        reply.code(201).send(await reviews.start(request.body, actorOf(request))),
    );
    app.get(
      '/reviews',
      {
        onRequest: noStore,
        ...admin('Las revisiones de acceso', { response: { 200: reviewListSchema, ...errors } }),
      },
      async () => reviews.list(),
    );
    app.get(
      '/reviews/:id',
      {
        onRequest: noStore,
        ...admin('Una revisión de acceso con sus líneas', {
          params: numericIdParamsSchema,
          response: { 200: reviewSchema, ...errors },
        }),
      },
      async (request) => reviews.get(request.params.id),
    );
    app.get(
      '/reviews/:id/csv',
      {
        onRequest: noStore,
        ...admin('La revisión como evidencia, en CSV', {
          params: numericIdParamsSchema,
          response: { 200: z.string(), ...errors },
        }),
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachmentHeader(`revision-${request.params.id}.csv`))
          .send(`\uFEFF${reviewCsv(await reviews.get(request.params.id))}`),
    );
    app.put(
      '/reviews/:id/lines',
      admin('Registra decisiones (Mantener o Quitar) o aplica las recomendaciones', {
        params: numericIdParamsSchema,
        body: putReviewLinesSchema,
        response: { 200: reviewSchema, ...errors },
      }),
      async (request) => reviews.decide(request.params.id, request.body, actorOf(request)),
    );
  },
});
