import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { importCreatedSchema, importSchema, nameConflictSchema } from '@vitrina/bi-model';
import { z } from 'zod';
import { requireCaller } from '../auth/request-auth.ts';
import { powerBiErrors } from '../http/error-schemas.ts';
import type { ImportRow } from '../storage/imports.repository.ts';
import type { BiServices } from '../services.ts';
import type { ZodApp } from '../zod-app.ts';
import { invalidRequest } from '../http/powerbi-error.ts';
import { groupParams } from './rest.schemas.ts';
import { membershipOf, requireWorkspaceMember } from './workspace-member.ts';

const importParams = groupParams.extend({ importId: z.string() });

function presentImport(row: ImportRow) {
  return {
    id: row.id,
    name: row.name,
    importState: row.state,
    createdDateTime: row.createdAt,
    updatedDateTime: row.updatedAt,
    datasets: row.datasetId ? [{ id: row.datasetId, name: row.name }] : [],
    reports: [],
    ...(row.error ? { error: { code: 'InvalidRequest', message: row.error } } : {}),
  };
}

/** Power BI's Imports API for CSV and Parquet files (multipart/form-data, one file part). */
export function registerImportRoutes(
  app: ZodApp,
  services: Pick<BiServices, 'contentAccess' | 'imports'>,
): void {
  const member = [requireCaller, requireWorkspaceMember(services.contentAccess)];

  app.post(
    '/v1.0/myorg/groups/:groupId/imports',
    {
      preHandler: member,
      schema: {
        params: groupParams,
        querystring: z.object({
          datasetDisplayName: z.string().trim().min(1).max(100).optional(),
          nameConflict: nameConflictSchema.optional(),
        }),
        // The file arrives as multipart/form-data and is streamed to disk, never parsed as JSON.
        body: z.unknown(),
        response: { 202: importCreatedSchema, ...powerBiErrors },
      },
    },
    async (request, reply) => {
      const file = await request.file();
      if (!file) throw invalidRequest('The request has no file part');
      const path = services.imports.uploadPath();
      await pipeline(file.file, createWriteStream(path, { mode: 0o600 }));
      if (file.file.truncated) throw invalidRequest('The file is larger than the service accepts');
      const name = request.query.datasetDisplayName ?? file.filename.replace(/\.[^.]+$/, '');
      const done = await services.imports.importFile(membershipOf(request), {
        name,
        upload: { path, fileName: file.filename },
        conflict: request.query.nameConflict ?? 'CreateOrOverwrite',
      });
      return reply.status(202).send({ id: done.id });
    },
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/imports/:importId',
    {
      preHandler: member,
      schema: { params: importParams, response: { 200: importSchema, ...powerBiErrors } },
    },
    async (request) =>
      presentImport(
        await services.imports.getImport(membershipOf(request), request.params.importId),
      ),
  );
}
