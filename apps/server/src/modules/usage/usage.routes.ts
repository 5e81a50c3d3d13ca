import {
  numericIdParamsSchema,
  reportUsageSchema,
  usageFilterSchema,
  usageOpenSchema,
  usageOverviewSchema,
  usageReportParamsSchema,
  userUsageSchema,
} from '@vitrina/contracts';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { ApiModule } from '../../context.ts';
import { errorResponses } from '../../errors.ts';
import { sessionUser } from '../../plugins/auth.ts';
import { noStore } from '../../plugins/security.ts';
import { answerNoContent, noContent, routeOptions } from '../../route-options.ts';
import { attachmentHeader } from '../viewer/export-file-name.ts';
import { overviewCsv, reportCsv, userCsv } from './usage-csv.ts';
import type { UsageService } from './usage.service.ts';

const errors = errorResponses(400, 401, 403, 404);
/** JSON by default; `format=csv` answers the same figures as a file. */
const figuresOrCsv = <S extends z.ZodType>(schema: S) => z.union([schema, z.string()]);

/** `format=csv`: the figures as a download named `fileName`; else the figures as JSON. */
async function answer<T>(
  reply: FastifyReply,
  format: string | undefined,
  figures: Promise<T>,
  csv: (figures: T) => string,
  fileName: string,
) {
  const value = await figures;
  if (format !== 'csv') return value;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachmentHeader(fileName))
    .send(`\uFEFF${csv(value)}`);
}

/** Usage (issue 30): the viewer's open beacon, and "Uso"'s figures for administrators. */
export const usageModule = (
  usage: UsageService,
  lifecycle: { start(): void; stop(): Promise<void> },
): ApiModule => ({
  name: 'usage',
  register(app) {
    const { signedIn, admin } = routeOptions(app, 'uso');
    app.addHook('onReady', async () => lifecycle.start());
    app.addHook('onClose', () => lifecycle.stop());

    app.post(
      '/usage/opens',
      signedIn('Una apertura de informe medida por el visor (fases del SDK, página, error)', {
        body: usageOpenSchema,
        response: { 204: noContent, ...errors },
      }),
      answerNoContent((request) => usage.record(sessionUser(request), request.body)),
    );
    app.get(
      '/usage',
      {
        onRequest: noStore,
        ...admin('Uso de todos los informes en el período, y los que nadie abrió en 90 días', {
          querystring: usageFilterSchema,
          response: { 200: figuresOrCsv(usageOverviewSchema), ...errors },
        }),
      },
      async (request, reply) =>
        answer(reply, request.query.format, usage.overview(request.query), overviewCsv, 'uso.csv'),
    );
    app.get(
      '/usage/reports/:uId',
      {
        onRequest: noStore,
        ...admin('Uso de un informe: aperturas, lectores, percentiles, fases y errores', {
          params: usageReportParamsSchema,
          querystring: usageFilterSchema,
          response: { 200: figuresOrCsv(reportUsageSchema), ...errors },
        }),
      },
      async (request, reply) =>
        answer(
          reply,
          request.query.format,
          usage.report(request.params.uId, request.query),
          reportCsv,
          'uso-informe.csv',
        ),
    );
    app.get(
      '/usage/users/:id',
      {
        onRequest: noStore,
        ...admin('Uso de un usuario: qué abrió y cuándo', {
          params: numericIdParamsSchema,
          querystring: usageFilterSchema,
          response: { 200: figuresOrCsv(userUsageSchema), ...errors },
        }),
      },
      async (request, reply) =>
        answer(
          reply,
          request.query.format,
          usage.user(request.params.id, request.query),
          userCsv,
          'uso-usuario.csv',
        ),
    );
  },
});
