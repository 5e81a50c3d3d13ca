import { randomUUID } from 'node:crypto';
import type { CreateReportRequest, ReportDefinition, SaveAsRequest } from '@vitrina/bi-model';
import { entityNotFound, invalidRequest, notAuthorized } from '../http/powerbi-error.ts';
import type { DatasetSource } from '../query/dataset.service.ts';
import type { ContentRepository, ReportRow } from '../storage/content.repository.ts';
import {
  assertAccessLevel,
  assertCanSaveAs,
  assertTokenCovers,
  permissionsOf,
  type EmbedTokenClaims,
} from '../tokens/embed-token.ts';
import type { ContentService } from './content.service.ts';
import type { EmbedTokenService } from './embed-token.service.ts';

interface Dependencies {
  content: ContentRepository;
  access: ContentService;
  embedTokens: Pick<EmbedTokenService, 'coveringNewReport'>;
  datasetSchemas: DatasetSource;
}

/**
 * What the frame does as an author, on the embed token's word only: save as (a copy in the
 * report's workspace) and create (a first report on a dataset). Each new report starts at
 * revision 1 (decision 0053) and comes back with a token that also covers it.
 */
export function createAuthoringService({
  content,
  access,
  embedTokens,
  datasetSchemas,
}: Dependencies) {
  async function newReport(
    claims: EmbedTokenClaims,
    target: { workspaceId: string; datasetId: string; name: string },
    definition: ReportDefinition,
  ) {
    const reportId = randomUUID();
    await content.insertReport(
      target.workspaceId,
      {
        id: reportId,
        datasetId: target.datasetId,
        name: target.name,
        reportType: 'PowerBIReport',
        definition,
      },
      claims.sub,
    );
    const { token, expiration } = await embedTokens.coveringNewReport(claims, reportId);
    return {
      reportId,
      name: target.name,
      workspaceId: target.workspaceId,
      revision: 1,
      accessToken: token,
      expiration,
    };
  }

  /** The workspace a Create token saves into: the one named, or the token's only target. */
  function targetWorkspace(claims: EmbedTokenClaims, named: string | undefined): string {
    const targets = claims.targetWorkspaces ?? [];
    const chosen = named?.toLowerCase() ?? (targets.length === 1 ? targets[0] : undefined);
    if (chosen === undefined) {
      throw invalidRequest('workspaceId is required: the token names several target workspaces');
    }
    if (!targets.includes(chosen)) {
      throw notAuthorized(`The embed token does not allow creating reports in workspace ${chosen}`);
    }
    return chosen;
  }

  return {
    async saveAs(claims: EmbedTokenClaims, reportId: string, request: SaveAsRequest) {
      const source: ReportRow = await access.embeddedReport(claims, reportId);
      assertCanSaveAs(claims);
      if (source.reportType !== 'PowerBIReport') {
        throw invalidRequest('Paginated reports cannot be saved as a new report');
      }
      const target = {
        workspaceId: source.workspaceId,
        datasetId: source.datasetId,
        name: request.name,
      };
      return newReport(claims, target, request.definition);
    },

    async create(claims: EmbedTokenClaims, request: CreateReportRequest) {
      assertAccessLevel(claims, 'Create');
      assertTokenCovers(claims, 'dataset', request.datasetId);
      const dataset = await content.getDataset(request.datasetId);
      if (!dataset) throw entityNotFound(`Dataset ${request.datasetId}`);
      const target = {
        workspaceId: targetWorkspace(claims, request.workspaceId),
        datasetId: dataset.id,
        name: request.name,
      };
      return newReport(claims, target, request.definition);
    },

    /** What a create embed reads: the dataset's schema and the token's rights. */
    datasetForFrame(claims: EmbedTokenClaims, datasetId: string) {
      assertTokenCovers(claims, 'dataset', datasetId);
      const dataset = datasetSchemas.schema(datasetId.toLowerCase());
      if (!dataset) throw entityNotFound(`Dataset ${datasetId}`);
      return { datasetId: datasetId.toLowerCase(), dataset, permissions: permissionsOf(claims) };
    },
  };
}

export type AuthoringService = ReturnType<typeof createAuthoringService>;
