import { importCreatedSchema, importSchema, nameConflictSchema } from '@vitrina/bi-model';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../auth/request-auth.ts';
import { powerBiErrors } from '../http/error-schemas.ts';
import type { ImportRow } from '../storage/imports.repository.ts';
import type { BiServices } from '../services.ts';
import type { ZodApp } from '../zod-app.ts';
import { invalidRequest } from '../http/powerbi-error.ts';
import { groupParams } from './rest.schemas.ts';
import { membershipOf, requireWorkspaceMember } from './workspace-member.ts';
import { fileTooLarge } from '../datasets/import-limits.ts';
import { assertWriter } from '../datasets/owned-files.ts';

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

/** Room for the multipart framing around the file (boundaries, the part's headers). */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** Aborts when the caller's connection closes before the answer is sent. */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

/** Power BI's Imports API for CSV, XLSX and Parquet files (multipart/form-data, one file part). */
export function registerImportRoutes(
  app: ZodApp,
  services: Pick<BiServices, 'config' | 'contentAccess' | 'imports'>,
): void {
  const limits = services.config.imports;
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
      // Refused before a byte of the file is read: a member who may not write, a file too large.
      const member = membershipOf(request);
      assertWriter(member);
      if (
        Number(request.headers['content-length'] ?? 0) >
        limits.maxBytes + MULTIPART_FRAMING_BYTES
      ) {
        // The rest of the body is not wanted: the connection closes instead of draining it.
        reply.header('connection', 'close');
        throw fileTooLarge(limits);
      }
      const file = await request.file();
      if (!file) throw invalidRequest('The request has no file part');
      const name = request.query.datasetDisplayName ?? file.filename.replace(/\.[^.]+$/, '');
      const done = await services.imports.importFile(
        member,
        {
          name,
          file: { stream: file.file, fileName: file.filename },
          conflict: request.query.nameConflict ?? 'CreateOrOverwrite',
        },
        clientGone(reply),
      );
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
