import {
  authoringDatasetListSchema,
  authoringDatasetParamsSchema,
  authoringWorkspaceParamsSchema,
  createEmbedSchema,
  editReportSchema,
  renameReportSchema,
  reportUidParamsSchema,
  savedReportRequestSchema,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { errorResponses } from '../../errors.ts';
import { actorOf } from '../../plugins/auth.ts';
import { neverStored } from '../../plugins/security.ts';
import { answerNoContent, noContent } from '../../route-options.ts';
import type { AuthoringService } from './authoring.service.ts';

/** The BI service did not answer, or refused what the portal sent it. */
const errors = errorResponses(502);

/** Authoring from the portal: administrators only (every other caller gets 403). */
export const authoringModule = (authoring: AuthoringService): ApiModule => ({
  name: 'authoring',
  tag: 'autoría',
  register(app) {
    app.get(
      '/viewer/report/:uid/edit',
      // It carries an embed token: no browser or proxy may keep it.
      neverStored(
        app.admin('Token de edición (con guardar como) del informe {uid}', {
          params: reportUidParamsSchema,
          response: { 200: editReportSchema, ...errors },
        }),
      ),
      async (request) => authoring.editReport(request.params.uid),
    );

    app.get(
      '/authoring/account/:id/workspace/:workspaceId/datasets',
      app.admin('Conjuntos de datos del área de trabajo, para un informe nuevo', {
        params: authoringWorkspaceParamsSchema,
        response: { 200: authoringDatasetListSchema, ...errors },
      }),
      async (request) => authoring.datasets(request.params.id, request.params.workspaceId),
    );

    app.get(
      '/authoring/account/:id/workspace/:workspaceId/dataset/:datasetId/create',
      // It carries an embed token: no browser or proxy may keep it.
      neverStored(
        app.admin('Token de creación de un informe sobre el conjunto de datos', {
          params: authoringDatasetParamsSchema,
          response: { 200: createEmbedSchema, ...errors },
        }),
      ),
      async (request) =>
        authoring.createEmbed(
          request.params.id,
          request.params.workspaceId,
          request.params.datasetId,
        ),
    );

    app.post(
      '/authoring/saved-report',
      app.admin('Trae al portal el informe recién guardado (guardar o guardar como)', {
        body: savedReportRequestSchema,
        response: { 204: noContent, ...errors },
      }),
      answerNoContent((request) => authoring.reportSaved(request.body)),
    );

    app.patch(
      '/authoring/report/:uid',
      app.admin('Cambia el nombre del informe {uid} en el servicio BI y en el portal', {
        params: reportUidParamsSchema,
        body: renameReportSchema,
        response: { 204: noContent, ...errors },
      }),
      answerNoContent((request) =>
        authoring.renameReport(request.params.uid, request.body, actorOf(request)),
      ),
    );

    app.delete(
      '/authoring/report/:uid',
      app.admin('Elimina el informe {uid} del servicio BI y del portal (permisos y favoritos)', {
        params: reportUidParamsSchema,
        response: { 204: noContent, ...errors },
      }),
      answerNoContent((request) => authoring.deleteReport(request.params.uid, actorOf(request))),
    );
  },
});
