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
import type { ApiModule, BackgroundWork } from '../../context.ts';
import { sessionUser } from '../../plugins/auth.ts';
import { noStore } from '../../plugins/security.ts';
import { answerNoContent, noContent } from '../../route-options.ts';
import { attachmentHeader } from '../viewer/export-file-name.ts';
import { overviewCsv, reportCsv, userCsv } from './usage-csv.ts';
import type { UsageService } from './usage.service.ts';

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
export const usageModule = (usage: UsageService, background: BackgroundWork): ApiModule => ({
  name: 'usage',
  tag: 'uso',
  background,
  register(app) {
    app.post(
      '/usage/opens',
      app.signedIn('Una apertura de informe medida por el visor (fases del SDK, página, error)', {
        body: usageOpenSchema,
        response: { 204: noContent },
      }),
      answerNoContent((request) => usage.record(sessionUser(request), request.body)),
    );
    /** A read of figures (administrators): the filters, JSON or `format=csv`, never cached. */
    const figuresRead = <P extends z.ZodType, F extends z.ZodType>(
      summary: string,
      params: P,
      figures: F,
    ) => ({
      onRequest: noStore,
      ...app.admin(summary, {
        params,
        querystring: usageFilterSchema,
        response: { 200: figuresOrCsv(figures) },
      }),
    });

    app.get(
      '/usage',
      figuresRead(
        'Uso de todos los informes en el período, y los que nadie abrió en 90 días',
        z.object({}),
        usageOverviewSchema,
      ),
      async ({ query }, reply) =>
        answer(reply, query.format, usage.overview(query), overviewCsv, 'uso.csv'),
    );
    app.get(
      '/usage/reports/:uId',
      figuresRead(
        'Uso de un informe: aperturas, lectores, percentiles, fases y errores',
        usageReportParamsSchema,
        reportUsageSchema,
      ),
      async ({ params, query }, reply) =>
        answer(reply, query.format, usage.report(params.uId, query), reportCsv, 'uso-informe.csv'),
    );
    app.get(
      '/usage/users/:id',
      figuresRead('Uso de un usuario: qué abrió y cuándo', numericIdParamsSchema, userUsageSchema),
      async ({ params, query }, reply) =>
        answer(reply, query.format, usage.user(params.id, query), userCsv, 'uso-usuario.csv'),
    );
  },
});
