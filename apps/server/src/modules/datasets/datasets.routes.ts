import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  datasetImportParamsSchema,
  datasetImportSchema,
  datasetParamsSchema,
  datasetRefreshListSchema,
  datasetSummaryListSchema,
  datasetTableParamsSchema,
  datasetTableSchema,
  datasetUploadQuerySchema,
  datasetsWorkspaceParamsSchema,
  errorResponseSchema,
  maxDatasetUploadBytes,
  refreshNowRequestSchema,
  tablePreviewSchema,
  tableTypesRequestSchema,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { AppError, errorResponses } from '../../errors.ts';
import { answerNoContent, noContent } from '../../route-options.ts';
import { limitBytes } from './byte-limit.ts';
import type { DatasetsService } from './datasets.service.ts';

/** The BI service did not answer, or refused what the portal sent it. */
const errors = errorResponses(502);
const tooLarge = () =>
  new AppError(
    'payload_too_large',
    `Archivo: supera el tamaño máximo de ${maxDatasetUploadBytes / 1024 / 1024} MB.`,
    { field: 'file' },
  );

/** The Datos page's API: administrators only (every other caller gets 403). */
export const datasetsModule = (datasets: DatasetsService): ApiModule => ({
  name: 'datasets',
  tag: 'datos',
  register(app) {
    const workspace = '/datasets/account/:id/workspace/:workspaceId';
    const dataset = `${workspace}/dataset/:datasetId`;

    // Uploads arrive as the raw file: handed to the route as a stream, never buffered.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
      done(null, payload),
    );

    app.get(
      workspace,
      app.admin('Conjuntos de datos del área de trabajo, con tablas y última actualización', {
        params: datasetsWorkspaceParamsSchema,
        response: { 200: datasetSummaryListSchema, ...errors },
      }),
      async (request) => datasets.list(request.params.id, request.params.workspaceId),
    );

    app.post(
      `${workspace}/upload`,
      app.admin('Sube un archivo CSV, TXT, XLSX o Parquet como conjunto de datos', {
        params: datasetsWorkspaceParamsSchema,
        querystring: datasetUploadQuerySchema,
        // The file itself (application/octet-stream), streamed to the BI service.
        body: z.unknown(),
        response: { 200: datasetImportSchema, 413: errorResponseSchema, ...errors },
      }),
      async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > maxDatasetUploadBytes)
          throw tooLarge();
        if (!request.body || typeof (request.body as Readable).pipe !== 'function')
          throw new AppError(
            'unsupported_media_type',
            'Archivo: envíe el archivo como application/octet-stream.',
            { field: 'file' },
          );
        const limited = limitBytes(request.body as Readable, maxDatasetUploadBytes);
        try {
          return await datasets.upload(
            request.params.id,
            request.params.workspaceId,
            request.query,
            limited.stream,
          );
        } catch (error) {
          if (limited.exceeded()) throw tooLarge();
          throw error;
        }
      },
    );

    app.get(
      `${workspace}/import/:importId`,
      app.admin('Estado de una importación de archivo', {
        params: datasetImportParamsSchema,
        response: { 200: datasetImportSchema, ...errors },
      }),
      async (request) =>
        datasets.importStatus(
          request.params.id,
          request.params.workspaceId,
          request.params.importId,
        ),
    );

    app.put(
      `${dataset}/table/:table`,
      app.admin('Corrige los tipos de las columnas de una tabla', {
        params: datasetTableParamsSchema,
        body: tableTypesRequestSchema,
        response: { 200: datasetTableSchema, ...errors },
      }),
      async (request) =>
        datasets.correctTypes(
          request.params.id,
          request.params.workspaceId,
          request.params.datasetId,
          request.params.table,
          request.body.columns,
        ),
    );

    app.get(
      `${dataset}/table/:table/preview`,
      app.admin('Primeras filas de una tabla tal como se leyeron, con sus tipos', {
        params: datasetTableParamsSchema,
        response: { 200: tablePreviewSchema, ...errors },
      }),
      async (request) =>
        datasets.preview(
          request.params.id,
          request.params.workspaceId,
          request.params.datasetId,
          request.params.table,
        ),
    );

    app.post(
      `${dataset}/refresh`,
      app.admin('Actualiza ahora el conjunto de datos desde su origen', {
        params: datasetParamsSchema,
        body: refreshNowRequestSchema,
        response: { 204: noContent, ...errors },
      }),
      answerNoContent(({ params: { id, workspaceId, datasetId } }) =>
        datasets.refresh(id, workspaceId, datasetId),
      ),
    );

    app.get(
      `${dataset}/refreshes`,
      app.admin('Historial de actualizaciones del conjunto de datos', {
        params: datasetParamsSchema,
        response: { 200: datasetRefreshListSchema, ...errors },
      }),
      async (request) =>
        datasets.refreshes(request.params.id, request.params.workspaceId, request.params.datasetId),
    );

    app.delete(
      dataset,
      app.admin('Elimina el conjunto de datos y sus datos', {
        params: datasetParamsSchema,
        response: { 204: noContent, ...errors },
      }),
      answerNoContent(({ params: { id, workspaceId, datasetId } }) =>
        datasets.remove(id, workspaceId, datasetId),
      ),
    );
  },
});
