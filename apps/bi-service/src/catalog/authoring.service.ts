import { randomUUID } from 'node:crypto';
import type { NewReportRequest, SavedReport } from '@vitrina/bi-model';
import { entityNotFound, invalidRequest, notAuthorized } from '../http/powerbi-error.ts';
import type { DatasetSource } from '../datasets/registry.ts';
import type { ContentRepository, DatasetRow } from '../storage/content.repository.ts';
import {
  accessOf,
  assertAccessLevel,
  assertCanSaveAs,
  assertTokenCovers,
  type EmbedTokenClaims,
} from '../tokens/embed-token.ts';
import type { ContentService } from './content.service.ts';

interface Dependencies {
  content: ContentRepository;
  access: ContentService;
  datasetSchemas: DatasetSource;
}

/**
 * What the frame does as an author, on the embed token's word only: save as (a copy in the
 * report's workspace) and create (a first report on a dataset). Each new report starts at
 * revision 1 (decision 0053); the token that made it may then load and save it, any other one
 * only when it was generated for the new report (decision 0224).
 */
export function createAuthoringService({ content, access, datasetSchemas }: Dependencies) {
  async function newReport(
    claims: EmbedTokenClaims,
    workspaceId: string,
    datasetId: string,
    request: NewReportRequest,
  ): Promise<SavedReport> {
    const report = {
      id: randomUUID(),
      datasetId,
      name: request.name,
      reportType: 'PowerBIReport' as const,
      definition: request.definition,
    };
    // Bound to this token's jti: the token that made the report goes on saving it (decision 0224).
    await content.insertReport(workspaceId, report, claims.sub, claims.jti);
    return { id: report.id, name: report.name, datasetId, revision: 1 };
  }

  /**
   * Where a Create token saves: its only target workspace, or, when it names several, the
   * dataset's own workspace among them.
   */
  function targetWorkspace(claims: EmbedTokenClaims, dataset: DatasetRow): string {
    const targets = claims.targetWorkspaces ?? [];
    if (targets.length === 1) return targets[0]!;
    if (targets.includes(dataset.workspaceId)) return dataset.workspaceId;
    if (targets.length === 0) {
      throw notAuthorized('The embed token names no workspace to create reports in');
    }
    throw invalidRequest(
      'The embed token names several target workspaces and none holds the dataset',
    );
  }

  return {
    async saveAs(claims: EmbedTokenClaims, reportId: string, request: NewReportRequest) {
      const source = await access.embeddedReport(claims, reportId);
      assertCanSaveAs(claims);
      if (source.reportType !== 'PowerBIReport') {
        throw invalidRequest('Paginated reports cannot be saved as a new report');
      }
      return newReport(claims, source.workspaceId, source.datasetId, request);
    },

    async create(claims: EmbedTokenClaims, datasetId: string, request: NewReportRequest) {
      assertAccessLevel(claims, 'Create');
      assertTokenCovers(claims, 'dataset', datasetId);
      const dataset = await content.getDataset(datasetId);
      if (!dataset) throw entityNotFound(`Dataset ${datasetId}`);
      return newReport(claims, targetWorkspace(claims, dataset), dataset.id, request);
    },

    /** What a create embed reads: the dataset's schema and the token's rights. */
    async datasetForFrame(claims: EmbedTokenClaims, datasetId: string) {
      assertTokenCovers(claims, 'dataset', datasetId);
      const row = await content.getDataset(datasetId);
      const dataset = row && datasetSchemas.schema(row.id);
      if (!row || !dataset) throw entityNotFound(`Dataset ${datasetId}`);
      return { id: row.id, name: row.name, dataset, access: accessOf(claims) };
    },
  };
}

export type AuthoringService = ReturnType<typeof createAuthoringService>;
