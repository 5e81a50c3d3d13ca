import {
  importCreatedSchema,
  importListSchema,
  importSchema,
  nameConflictSchema,
} from '@vitrina/bi-model';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ImportRow } from './imports.repository.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { invalidRequest } from '../../http/powerbi-error.ts';
import { groupParams } from '../../http/route-params.ts';
import { memberRoute, membershipOf } from '../workspaces/workspace-member.ts';
import { fileTooLarge } from '../../engine/import-limits.ts';
import { assertWriter } from '../owned-datasets/owned-files.ts';

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
  services: Pick<RouteServices, 'config' | 'workspaceAccess' | 'imports'>,
): void {
  const limits = services.config.imports;
  const member = memberRoute(services.workspaceAccess);

  app.post(
    '/v1.0/myorg/groups/:groupId/imports',
    member({
      params: groupParams,
      querystring: z.object({
        datasetDisplayName: z.string().trim().min(1).max(100).optional(),
        nameConflict: nameConflictSchema.optional(),
      }),
      // The file arrives as multipart/form-data and is streamed to disk, never parsed as JSON.
      body: z.unknown(),
      response: { 202: importCreatedSchema },
    }),
    async (request, reply) => {
      // Refused before the file is read or kept: a member who may not write, a file too large.
      // The unread body is dropped before the refusal goes out (drainUnreadBody, in app.ts).
      const member = membershipOf(request);
      assertWriter(member);
      const announced = Number(request.headers['content-length'] ?? 0);
      if (announced > limits.maxBytes + MULTIPART_FRAMING_BYTES) throw fileTooLarge(limits);
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
    '/v1.0/myorg/groups/:groupId/imports',
    member({ params: groupParams, response: { 200: importListSchema } }),
    async (request) => ({
      value: (await services.imports.listImports(membershipOf(request))).map(presentImport),
    }),
  );

  app.get(
    '/v1.0/myorg/groups/:groupId/imports/:importId',
    member({ params: importParams, response: { 200: importSchema } }),
    async (request) =>
      presentImport(
        await services.imports.getImport(membershipOf(request), request.params.importId),
      ),
  );
}
