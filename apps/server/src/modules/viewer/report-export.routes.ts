import {
  reportExportParamsSchema,
  reportExportSchema,
  reportUidParamsSchema,
  startExportSchema,
} from '@vitrina/contracts';
import { z } from 'zod';
import type { ApiModule } from '../../context.ts';
import { errorResponses } from '../../errors.ts';
import { actorOf, sessionUser } from '../../plugins/auth.ts';
import { noStore } from '../../plugins/security.ts';
import { attachmentHeader } from './export-file-name.ts';
import type { ReportExportService } from './report-export.service.ts';

const errors = errorResponses(409, 502);
const exportFileSchema = z.unknown().describe('El archivo: PDF, PPTX, PNG o un ZIP de PNG');

/**
 * "Exportar" in the viewer: start an export of a report the user may open, poll it, and download
 * its file through the portal (the BI service is never reached from the browser).
 */
export const reportExportModule = (exports: ReportExportService): ApiModule => ({
  name: 'report-export',
  tag: 'visor',
  register(app) {
    const path = '/viewer/report/:uid/export';

    app.post(
      path,
      app.signedIn('Exporta el informe {uid} (PDF, PowerPoint o PNG) tal como se ve', {
        params: reportUidParamsSchema,
        body: startExportSchema,
        response: { 202: reportExportSchema, ...errors },
      }),
      async (request, reply) => {
        const { uid } = request.params;
        const started = await exports.start(
          sessionUser(request),
          actorOf(request),
          uid,
          request.body,
        );
        return reply.status(202).send(started);
      },
    );

    app.get(
      `${path}/:exportId`,
      {
        onRequest: noStore,
        ...app.signedIn('Estado y avance de una exportación', {
          params: reportExportParamsSchema,
          response: { 200: reportExportSchema, ...errors },
        }),
      },
      async (request) =>
        exports.status(sessionUser(request), request.params.uid, request.params.exportId),
    );

    app.delete(
      `${path}/:exportId`,
      app.signedIn('Cancela una exportación en curso', {
        params: reportExportParamsSchema,
        response: { 200: reportExportSchema, ...errors },
      }),
      async (request) =>
        exports.cancel(sessionUser(request), request.params.uid, request.params.exportId),
    );

    app.get(
      `${path}/:exportId/file`,
      {
        onRequest: noStore,
        ...app.signedIn('Archivo de una exportación terminada, como descarga', {
          params: reportExportParamsSchema,
          // A stream is sent as it is, never serialized.
          response: { 200: exportFileSchema, ...errors },
        }),
      },
      async (request, reply) => {
        const { uid, exportId } = request.params;
        const file = await exports.file(sessionUser(request), uid, exportId);
        return reply
          .type(file.contentType)
          .header('content-disposition', attachmentHeader(file.fileName))
          .send(file.stream);
      },
    );
  },
});
