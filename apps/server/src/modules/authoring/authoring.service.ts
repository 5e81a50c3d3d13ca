import type { Kysely } from 'kysely';
import {
  errorMessages,
  type AuthoringDataset,
  type CreateEmbed,
  type EditReport,
  type RenameReport,
  type SavedReportRequest,
} from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
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
  bi: Pick<
    BiClient,
    'generateEditToken' | 'listDatasets' | 'generateCreateToken' | 'renameReport' | 'deleteReport'
  >;
  content: ContentCache;
  sync: Pick<SyncService, 'syncSavedReport' | 'forgetReport'>;
  audit: AuditLog;
}) {
  const withAccount = <T>(accountId: number, work: (credentials: BiCredentials) => Promise<T>) =>
    withAccountCredentials(deps, accountId, work);

  /** A report of the portal (not a dashboard), by its public uid. */
  async function reportByUid(uid: string) {
    const placement = await findReport(deps.content, uid);
    if (placement.report.kind !== 'report') throw appErrors.notFound(errorMessages.reportNotFound);
    return placement;
  }

  return {
    async editReport(uid: string): Promise<EditReport> {
      const { account, workspace, report } = await reportByUid(uid);
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

    /**
     * Renames the report in the BI service (decision 0238), then brings that one report in: the
     * gateway shows the new name at once, under the same uid, grants and favorites.
     */
    async renameReport(uid: string, { name }: RenameReport, actor: Actor): Promise<void> {
      const { account, workspace, report } = await reportByUid(uid);
      await withAccount(account.id, async (credentials) => {
        await deps.bi.renameReport(credentials, workspace.id, report.id, name);
        await deps.sync.syncSavedReport(credentials, workspace.id, report.id);
      });
      await deps.audit.record(deps.db, actor, {
        action: 'report.rename',
        targetType: 'report',
        targetId: uid,
        detail: { from: report.name, to: name },
      });
    },

    /** Power BI's delete of the report; the portal forgets it with its grants and favorites. */
    async deleteReport(uid: string, actor: Actor): Promise<void> {
      const { account, workspace, report } = await reportByUid(uid);
      await withAccount(account.id, (credentials) =>
        deps.bi.deleteReport(credentials, workspace.id, report.id),
      );
      await deps.sync.forgetReport(account.id, report.id);
      await deps.audit.record(deps.db, actor, {
        action: 'report.delete',
        targetType: 'report',
        targetId: uid,
        detail: { name: report.name },
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
