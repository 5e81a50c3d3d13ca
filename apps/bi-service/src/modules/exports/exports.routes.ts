import { createReadStream } from 'node:fs';
import { exportReportRequestSchema, exportSchema, type Export } from '@vitrina/bi-model';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { callerOf, requireCaller } from '../identity/request-auth.ts';
import { powerBiErrors } from '../../http/error-schemas.ts';
import { noStore } from '../../http/no-store.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { membershipOf, requireWorkspaceMember } from '../workspaces/workspace-member.ts';
import type { MemberWorkspace } from '../workspaces/workspaces.service.ts';
import type { ExportJobRow } from './exports.repository.ts';

/** How long a caller polling a NotStarted or Running job is told to wait. */
const POLL_RETRY_AFTER_S = 2;

const contentTypes: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.zip': 'application/zip',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The two spellings of each call: in a workspace, and `myorg` (the report's own workspace). */
const variants = [
  { prefix: '/v1.0/myorg/groups/:groupId/reports/:reportId', params: { groupId: z.string() } },
  { prefix: '/v1.0/myorg/reports/:reportId', params: {} },
] as const;

function presentJob(job: ExportJobRow, fileUrl: string): Export {
  return {
    id: job.id,
    createdDateTime: job.createdAt,
    lastActionDateTime: job.lastActionAt,
    reportId: job.reportId,
    reportName: job.reportName,
    status: job.status,
    percentComplete: job.percentComplete,
    ...(job.status === 'Succeeded'
      ? { resourceLocation: fileUrl, resourceFileExtension: job.fileExtension ?? '' }
      : {}),
    ...(job.expiresAt ? { expirationTime: job.expiresAt } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}

/** Power BI's Retry-After: while the job runs, and on a Failed job worth retrying. */
function retryAfterOf(job: ExportJobRow): number | undefined {
  if (job.status === 'NotStarted' || job.status === 'Running') return POLL_RETRY_AFTER_S;
  return job.retryAfterSeconds ?? undefined;
}

/** RFC 6266 attachment with the report's name (any characters, RFC 5987 encoded). */
function attachment(name: string, extension: string): string {
  const file = `${name}${extension}`;
  const ascii = file.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/**
 * Power BI's Export To File: `ExportTo` (202 and the job), the poll (202 while it runs, 200 at its
 * end) and the file. The same caller checks as reading the report: a workspace member.
 */
export function registerExportRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'config' | 'workspaceAccess' | 'exports'>,
): void {
  const exports = services.exports;
  const publicUrl = services.config.publicUrl;
  const inGroup = [requireCaller, requireWorkspaceMember(services.workspaceAccess)];

  for (const variant of variants) {
    const grouped = 'groupId' in variant.params;
    const reportParams = z.object({ ...variant.params, reportId: z.string() });
    const exportParams = reportParams.extend({ exportId: z.string() });
    const preHandler = grouped ? inGroup : [requireCaller];
    const memberOf = (request: FastifyRequest, reportId: string): Promise<MemberWorkspace> =>
      grouped
        ? Promise.resolve(membershipOf(request))
        : exports.memberForReport(callerOf(request), reportId);
    const fileUrl = (member: MemberWorkspace, job: ExportJobRow) =>
      grouped
        ? `${publicUrl}/v1.0/myorg/groups/${member.workspace.id}/reports/${job.reportId}/exports/${job.id}/file`
        : `${publicUrl}/v1.0/myorg/reports/${job.reportId}/exports/${job.id}/file`;
    // Every export route: never cached, the variant's caller checks, and Power BI's error bodies
    // besides the route's own answers.
    const exportRoute = <const S extends FastifySchema & { response: object }>(schema: S) => ({
      onRequest: noStore,
      preHandler,
      schema: { ...schema, response: { ...schema.response, ...powerBiErrors } },
    });
    const answer = (reply: FastifyReply, member: MemberWorkspace, job: ExportJobRow) => {
      const retryAfter = retryAfterOf(job);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return presentJob(job, fileUrl(member, job));
    };

    app.post(
      `${variant.prefix}/ExportTo`,
      exportRoute({
        params: reportParams,
        body: exportReportRequestSchema,
        response: { 202: exportSchema },
      }),
      async (request, reply) => {
        const { reportId } = request.params;
        const member = await memberOf(request, reportId);
        const job = await exports.start(callerOf(request), member, reportId, request.body);
        reply.status(202);
        return answer(reply, member, job);
      },
    );

    app.get(
      `${variant.prefix}/exports/:exportId`,
      exportRoute({
        params: exportParams,
        response: { 200: exportSchema, 202: exportSchema },
      }),
      async (request, reply) => {
        const { reportId, exportId } = request.params;
        const member = await memberOf(request, reportId);
        const job = await exports.job(member, reportId, exportId);
        const finished = job.status === 'Succeeded' || job.status === 'Failed';
        reply.status(finished ? 200 : 202);
        return answer(reply, member, job);
      },
    );

    // Not Power BI's (it has no way to cancel an export): the portal's "Cancelar" (decision 0305).
    app.delete(
      `${variant.prefix}/exports/:exportId`,
      exportRoute({
        params: exportParams,
        response: { 200: exportSchema },
      }),
      async (request, reply) => {
        const { reportId, exportId } = request.params;
        const member = await memberOf(request, reportId);
        return answer(reply, member, await exports.cancel(member, reportId, exportId));
      },
    );

    app.get(
      `${variant.prefix}/exports/:exportId/file`,
      exportRoute({
        params: exportParams,
        response: { 200: z.unknown().describe('the exported file') },
      }),
      async (request, reply) => {
        const { reportId, exportId } = request.params;
        const member = await memberOf(request, reportId);
        const { job, path } = await exports.file(member, reportId, exportId);
        const extension = job.fileExtension ?? '';
        reply.header('content-type', contentTypes[extension] ?? 'application/octet-stream');
        reply.header('content-disposition', attachment(job.reportName, extension));
        return reply.send(createReadStream(path));
      },
    );
  }
}
