import {
  dashboardSchema,
  datasetSchema,
  groupSchema,
  refreshSchema,
  reportPageSchema,
  reportSchema,
  valueListOf,
  type Report,
} from '@vitrina/bi-model/rest';
import { groupPath, datasetPath, reportPath } from './bi-paths.ts';
import { noAnswer, type BiCall } from './bi-requester.ts';
import type { BiCredentials } from './bi-token-provider.ts';

/** A report or dashboard as the portal stores it: one list, told apart by `kind`. */
export type BiItemKind = 'report' | 'dashboard';

const reportItem = (report: Report) => ({
  id: report.id,
  name: report.name,
  kind: 'report' as BiItemKind,
  embedUrl: report.embedUrl,
});

/** What a workspace holds, and what the viewer asks about a report before minting its token. */
export function contentCalls(call: BiCall) {
  return {
    async listWorkspaces(credentials: BiCredentials) {
      const groups = await call(credentials, {
        method: 'GET',
        path: '/groups',
        answer: valueListOf(groupSchema),
      });
      return groups.value.map(({ id, name }) => ({ id, name }));
    },

    /** Reports, then dashboards (Power BI's `displayName` is their name). */
    async listItems(credentials: BiCredentials, workspaceId: string) {
      const group = groupPath(workspaceId);
      const [reports, dashboards] = await Promise.all([
        call(credentials, {
          method: 'GET',
          path: `${group}/reports`,
          answer: valueListOf(reportSchema),
        }),
        call(credentials, {
          method: 'GET',
          path: `${group}/dashboards`,
          answer: valueListOf(dashboardSchema),
        }),
      ]);
      return [
        ...reports.value.map(reportItem),
        ...dashboards.value.map((dashboard) => ({
          id: dashboard.id,
          name: dashboard.displayName,
          kind: 'dashboard' as BiItemKind,
          embedUrl: dashboard.embedUrl,
        })),
      ];
    },

    /** One report as a listed item: what a save changed, without listing the workspace. */
    async getReport(credentials: BiCredentials, workspaceId: string, reportId: string) {
      const report = await call(credentials, {
        method: 'GET',
        path: reportPath(workspaceId, reportId),
        answer: reportSchema,
      });
      return reportItem(report);
    },

    /**
     * `PATCH groups/{g}/reports/{id}` with `{ name }`: the bundled service's rename (Power BI has
     * no public rename call; decision 0238). The report keeps its id, so grants and links stay.
     */
    async renameReport(
      credentials: BiCredentials,
      workspaceId: string,
      reportId: string,
      name: string,
    ) {
      const report = await call(credentials, {
        method: 'PATCH',
        path: reportPath(workspaceId, reportId),
        body: { name },
        answer: reportSchema,
      });
      return reportItem(report);
    },

    /** `GET groups/{g}/reports/{id}/pages`: the report's pages in order (a subscription's choice). */
    async reportPages(credentials: BiCredentials, workspaceId: string, reportId: string) {
      const pages = await call(credentials, {
        method: 'GET',
        path: `${reportPath(workspaceId, reportId)}/pages`,
        answer: valueListOf(reportPageSchema),
      });
      return [...pages.value].sort((a, b) => a.order - b.order);
    },

    /** Power BI's `DELETE groups/{g}/reports/{id}`. */
    async deleteReport(credentials: BiCredentials, workspaceId: string, reportId: string) {
      await call(credentials, {
        method: 'DELETE',
        path: reportPath(workspaceId, reportId),
        answer: noAnswer,
      });
    },

    /**
     * `GET reports/{id}` then the refresh history of its dataset (newest first, the last
     * `top`): what a subscription sent after each refresh watches. A report without a dataset
     * has none.
     */
    async reportRefreshes(
      credentials: BiCredentials,
      workspaceId: string,
      reportId: string,
      top: number,
    ) {
      const report = await call(credentials, {
        method: 'GET',
        path: reportPath(workspaceId, reportId),
        answer: reportSchema,
      });
      if (report.datasetId === undefined) return [];
      const refreshes = await call(credentials, {
        method: 'GET',
        path: `${datasetPath(report.datasetWorkspaceId ?? workspaceId, report.datasetId)}/refreshes?$top=${top}`,
        answer: valueListOf(refreshSchema),
      });
      return refreshes.value;
    },

    /**
     * `GET reports/{id}` then `GET datasets/{id}`: the report's dataset and whether Power BI
     * demands an effective identity for it, with the roles it declares where the service says
     * (the bundled one does; Power BI does not). A report without a dataset (Power BI's paginated
     * ones) demands none.
     */
    async reportDataset(credentials: BiCredentials, workspaceId: string, reportId: string) {
      const report = await call(credentials, {
        method: 'GET',
        path: reportPath(workspaceId, reportId),
        answer: reportSchema,
      });
      if (report.datasetId === undefined) return { identityRequired: false as const };
      // A shared dataset may live in another workspace (datasetWorkspaceId says which).
      const dataset = await call(credentials, {
        method: 'GET',
        path: datasetPath(report.datasetWorkspaceId ?? workspaceId, report.datasetId),
        answer: datasetSchema,
      });
      return dataset.isEffectiveIdentityRequired === true
        ? {
            identityRequired: true as const,
            datasetId: report.datasetId,
            declaredRoles: dataset.rlsRoles ?? [],
          }
        : { identityRequired: false as const };
    },
  };
}
