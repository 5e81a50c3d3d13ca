import { randomUUID } from 'node:crypto';
import { entityNotFound, invalidRequest } from '../../http/powerbi-error.ts';
import type { ContentRepository, ReportRow } from './content.repository.ts';
import type { AnyDefinition } from '@vitrina/bi-model';
import type { VerifiedCaller } from '../identity/access-token.ts';
import type { ContentService } from './content.service.ts';
import type { MemberWorkspace } from '../workspaces/workspaces.service.ts';

/** `POST …/reports/{id}/Clone` as its route schema parses it. */
export interface CloneRequest {
  name: string;
  targetWorkspaceId?: string | undefined;
  targetModelId?: string | undefined;
}

/** `POST …/reports/{id}/UpdateReportContent` as its route schema parses it. */
export interface UpdateContentRequest {
  sourceReport: { sourceReportId: string; sourceWorkspaceId: string };
}

interface Dependencies {
  content: ContentRepository;
  access: ContentService;
}

/**
 * The Power BI REST calls that write reports: Clone, Delete and UpdateReportContent. Writing
 * needs more than the Viewer role where the write lands; reading a source needs membership.
 */
export function createReportWritesService({ content, access }: Dependencies) {
  const currentDefinition = async (report: ReportRow) =>
    (await content.getDefinition(report.id)) as AnyDefinition;

  return {
    /** A copy of the current revision, in the same or another workspace, optionally rebound. */
    async clone(
      caller: VerifiedCaller,
      member: MemberWorkspace,
      reportId: string,
      request: CloneRequest,
    ) {
      const { report: source } = await access.report(member.workspace.id, reportId);
      const target = request.targetWorkspaceId
        ? await access.membership(caller.principal, request.targetWorkspaceId)
        : member;
      access.requireRoleFor('Create', target);
      let datasetId = source.datasetId;
      if (request.targetModelId) {
        const dataset = await content.getDataset(request.targetModelId);
        if (!dataset) throw entityNotFound(`Dataset ${request.targetModelId}`);
        await access.membership(caller.principal, dataset.workspaceId);
        datasetId = dataset.id;
      }
      const clone = {
        id: randomUUID(),
        name: request.name,
        datasetId,
        reportType: source.reportType,
        definition: await currentDefinition(source),
      };
      await content.insertReport(target.workspace.id, clone, caller.principal.id);
      return access.report(target.workspace.id, clone.id);
    },

    /** The bundled service's rename (decision 0238): Power BI's REST API has no such call. */
    async rename(member: MemberWorkspace, reportId: string, name: string) {
      const { report } = await access.report(member.workspace.id, reportId);
      access.requireRoleFor('Edit', member);
      await content.renameReport(report.id, name);
      return access.report(member.workspace.id, report.id);
    },

    async remove(member: MemberWorkspace, reportId: string): Promise<void> {
      const { report } = await access.report(member.workspace.id, reportId);
      access.requireRoleFor('Edit', member);
      await content.deleteReport(report.id);
    },

    /** Replaces the target's content with the source's current one, as a new revision. */
    async updateContent(
      caller: VerifiedCaller,
      member: MemberWorkspace,
      reportId: string,
      request: UpdateContentRequest,
    ) {
      const { report: target } = await access.report(member.workspace.id, reportId);
      access.requireRoleFor('Edit', member);
      const { sourceReportId, sourceWorkspaceId } = request.sourceReport;
      const sourceMember = await access.membership(caller.principal, sourceWorkspaceId);
      const { report: source } = await access.report(sourceMember.workspace.id, sourceReportId);
      if (source.reportType !== target.reportType) {
        throw invalidRequest('The source and target reports must be of the same type');
      }
      await content.addRevision(target.id, await currentDefinition(source), caller.principal.id);
      return access.report(member.workspace.id, target.id);
    },
  };
}

export type ReportWritesService = ReturnType<typeof createReportWritesService>;
