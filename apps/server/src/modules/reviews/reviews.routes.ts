import {
  createReviewSchema,
  numericIdParamsSchema,
  putReviewLinesSchema,
  reviewListSchema,
  reviewSchema,
  type ReviewEvidenceFormat,
} from '@vitrina/contracts';
import { z } from 'zod';
import type { ApiModule, BackgroundWork } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { noStore } from '../../plugins/security.ts';
import { answerWithStatus } from '../../route-options.ts';
import { attachmentHeader } from '../viewer/export-file-name.ts';
import type { ReviewsService } from './reviews.service.ts';

/** The evidence files: the CSV's text, and the PDF's bytes (sent as they are, not serialized). */
const evidenceFiles = {
  csv: { contentType: 'text/csv; charset=utf-8', summary: 'en CSV', schema: z.string() },
  pdf: {
    contentType: 'application/pdf',
    summary: 'en PDF (texto seleccionable, fuentes incrustadas)',
    schema: z.unknown().describe('El PDF de la revisión'),
  },
};

/** Access reviews (issue 30), administrators only; overdue ones escalate hourly. */
export const reviewsModule = (reviews: ReviewsService, background: BackgroundWork): ApiModule => ({
  name: 'reviews',
  tag: 'revisiones',
  background,
  register(app) {
    app.post(
      '/reviews',
      app.admin('Inicia una revisión de acceso sobre una cuenta, área de trabajo o informe', {
        body: createReviewSchema,
        response: { 201: reviewSchema },
      }),
      answerWithStatus(201, (request) => reviews.start(request.body, actorOf(request))),
    );
    app.get(
      '/reviews',
      {
        onRequest: noStore,
        ...app.admin('Las revisiones de acceso', {
          response: { 200: reviewListSchema },
        }),
      },
      async () => reviews.list(),
    );
    app.get(
      '/reviews/:id',
      {
        onRequest: noStore,
        ...app.admin('Una revisión de acceso con sus líneas', {
          params: numericIdParamsSchema,
          response: { 200: reviewSchema },
        }),
      },
      async (request) => reviews.get(request.params.id),
    );
    /** `GET /reviews/{id}/csv` and `/pdf`: the evidence file, named after the review. */
    const evidenceRoute = (format: ReviewEvidenceFormat) => {
      const file = evidenceFiles[format];
      app.get(
        `/reviews/:id/${format}`,
        {
          onRequest: noStore,
          ...app.admin(`La revisión como evidencia, ${file.summary}`, {
            params: numericIdParamsSchema,
            response: { 200: file.schema },
          }),
        },
        async (request, reply) => {
          const evidence = await reviews.export(request.params.id, format, actorOf(request));
          return reply
            .type(file.contentType)
            .header('content-disposition', attachmentHeader(evidence.fileName))
            .send(evidence.body);
        },
      );
    };
    evidenceRoute('csv');
    evidenceRoute('pdf');
    app.put(
      '/reviews/:id/lines',
      app.admin('Registra decisiones (Mantener o Quitar) o aplica las recomendaciones', {
        params: numericIdParamsSchema,
        body: putReviewLinesSchema,
        response: { 200: reviewSchema },
      }),
      async (request) => reviews.decide(request.params.id, request.body, actorOf(request)),
    );
  },
});
