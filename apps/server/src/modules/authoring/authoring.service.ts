import type { Kysely } from 'kysely';
import {
  errorMessages,
  type AuthoringDataset,
  type CreateEmbed,
  type EditReport,
  type SavedReportRequest,
} from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import { withAccountCredentials } from '../accounts/with-account-credentials.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import type { ContentCache } from '../content/content-cache.ts';
import type { SyncService } from '../sync/sync.service.ts';
import { findReport, reportEmbed } from '../viewer/viewer.service.ts';

const datasetNotFound = 'El conjunto de datos no existe en esa área de trabajo.';

/**
 * Administrators author reports from the portal (issue 13, beyond the portal spec): edit and
 * create tokens are minted with the account's credentials, never cached (each editing session
 * gets its own), and a save brings the saved report in at once. The routes are
 * administrator-only; this service trusts that.
 */
export function createAuthoringService(deps: {
  db: Kysely<Database>;
  secrets: SecretBox;
  bi: Pick<BiClient, 'generateEditToken' | 'listDatasets' | 'generateCreateToken'>;
  content: ContentCache;
  sync: Pick<SyncService, 'syncSavedReport'>;
}) {
  const withAccount = <T>(accountId: number, work: (credentials: BiCredentials) => Promise<T>) =>
    withAccountCredentials(deps, accountId, work);

  return {
    async editReport(uid: string): Promise<EditReport> {
      const { account, workspace, report } = await findReport(deps.content, uid);
      if (report.kind !== 'report') throw appErrors.notFound(errorMessages.reportNotFound);
      const token = await withAccount(account.id, (credentials) =>
        deps.bi.generateEditToken(credentials, { workspaceId: workspace.id, reportId: report.id }),
      );
      return { ...reportEmbed({ workspace, report }, token), accountId: account.id };
    },

    async datasets(accountId: number, workspaceId: string): Promise<AuthoringDataset[]> {
      const datasets = await withAccount(accountId, (credentials) =>
        deps.bi.listDatasets(credentials, workspaceId),
      );
      return datasets.map(({ id, name }) => ({ id, name }));
    },

    async createEmbed(
      accountId: number,
      workspaceId: string,
      datasetId: string,
    ): Promise<CreateEmbed> {
      return withAccount(accountId, async (credentials) => {
        const datasets = await deps.bi.listDatasets(credentials, workspaceId);
        const dataset = datasets.find((item) => item.id === datasetId.toLowerCase());
        if (!dataset) throw appErrors.notFound(datasetNotFound);
        const token = await deps.bi.generateCreateToken(credentials, {
          workspaceId,
          datasetId: dataset.id,
        });
        return {
          accessToken: token.token,
          datasetId: dataset.id,
          groupId: workspaceId,
          embedUrl: dataset.createReportEmbedURL,
          expiration: token.expiration,
        };
      });
    },

    /** After a save or save as: that report is on the gateway without waiting for the timer. */
    async reportSaved({ accountId, workspaceId, reportId }: SavedReportRequest): Promise<void> {
      await withAccount(accountId, (credentials) =>
        deps.sync.syncSavedReport(credentials, workspaceId, reportId),
      );
    },
  };
}
export type AuthoringService = ReturnType<typeof createAuthoringService>;
