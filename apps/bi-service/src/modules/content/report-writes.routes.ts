import { reportSchema } from '@vitrina/bi-model';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../identity/request-auth.ts';
import type { VerifiedCaller } from '../identity/access-token.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { createPresenters } from './presenters.ts';
import { reportParams } from '../../http/route-params.ts';
import { memberRoute, membershipOf } from '../workspaces/workspace-member.ts';
import type { MemberWorkspace } from '../workspaces/workspaces.service.ts';

const reportName = z.string().trim().min(1).max(200);

const cloneBody = z.object({
  name: reportName,
  targetWorkspaceId: z.string().optional(),
  targetModelId: z.string().optional(),
});

const updateContentBody = z.object({
  sourceReport: z.object({
    sourceReportId: z.string().min(1),
    sourceWorkspaceId: z.string().min(1),
  }),
  sourceType: z.literal('ExistingReport'),
});

/**
 * Power BI REST writes on reports of a group: Clone, Delete, UpdateReportContent, and the one
 * call Power BI lacks, a rename (`PATCH` with `{ name }`, shaped as Power BI's dataset update;
 * decision 0238).
 */
export function registerReportWriteRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'config' | 'workspaceAccess' | 'reportWrites'>,
): void {
  const present = createPresenters(services.config.publicUrl);
  const writes = services.reportWrites;
  const member = memberRoute(services.workspaceAccess);
  const answer = { 200: reportSchema };
  // Each write answers with the report as Power BI lists it, its dataset's workspace included.
  const presented = (written: Awaited<ReturnType<typeof writes.rename>>) =>
    present.report(written.report, written.datasetWorkspaceId);
  // Clone and UpdateReportContent: the caller writes the named report of its workspace from the body.
  const writtenFromBody =
    <Body>(
      write: (
        caller: VerifiedCaller,
        workspace: MemberWorkspace,
        reportId: string,
        body: Body,
      ) => ReturnType<typeof writes.rename>,
    ) =>
    async (request: FastifyRequest & { params: { reportId: string }; body: Body }) =>
      presented(
        await write(
          callerOf(request),
          membershipOf(request),
          request.params.reportId,
          request.body,
        ),
      );

  app.post(
    '/v1.0/myorg/groups/:groupId/reports/:reportId/Clone',
    member({ params: reportParams, body: cloneBody, response: answer }),
    writtenFromBody(writes.clone),
  );

  app.delete(
    '/v1.0/myorg/groups/:groupId/reports/:reportId',
    // Power BI answers 200 with no body.
    member({ params: reportParams, response: { 200: z.null() } }),
    async (request) => {
      await writes.remove(membershipOf(request), request.params.reportId);
      return null;
    },
  );

  app.patch(
    '/v1.0/myorg/groups/:groupId/reports/:reportId',
    member({ params: reportParams, body: z.object({ name: reportName }), response: answer }),
    async (request) =>
      presented(
        await writes.rename(membershipOf(request), request.params.reportId, request.body.name),
      ),
  );

  app.post(
    '/v1.0/myorg/groups/:groupId/reports/:reportId/UpdateReportContent',
    member({ params: reportParams, body: updateContentBody, response: answer }),
    writtenFromBody(writes.updateContent),
  );
}
