import { createBiRequester, type BiRequesterOptions } from './bi-requester.ts';
import type { BiCredentials } from './bi-token-provider.ts';

export interface BiWorkspace {
  id: string;
  name: string;
}

/** A report or dashboard as listed by the BI service. */
export interface BiItem {
  id: string;
  name: string;
  kind: 'report' | 'dashboard';
  embedUrl: string;
}

/** A dataset of a workspace, with the page that opens a create embed on it. */
export interface BiDataset {
  id: string;
  name: string;
  createReportEmbedUrl: string;
}

export interface BiEmbedToken {
  token: string;
  expiration: Date;
}

/** An effective identity (row-level security) for the datasets it names. */
export interface BiEffectiveIdentity {
  username: string;
  roles: string[];
  datasets: string[];
}

/** A report's dataset and whether Power BI demands an effective identity for it. */
export interface BiReportDataset {
  datasetId: string;
  identityRequired: boolean;
}

/** The Power BI REST calls the portal makes, with the account's credentials. */
export interface BiClient {
  listWorkspaces(credentials: BiCredentials): Promise<BiWorkspace[]>;
  listItems(credentials: BiCredentials, workspaceId: string): Promise<BiItem[]>;
  /** An embed token for one report or dashboard, View access, with `identity` when given. */
  generateViewToken(
    credentials: BiCredentials,
    item: { kind: BiItem['kind']; workspaceId: string; itemId: string },
    identity?: BiEffectiveIdentity,
  ): Promise<BiEmbedToken>;
  /** `GET reports/{id}` then `GET datasets/{id}` (`isEffectiveIdentityRequired`). */
  reportDataset(
    credentials: BiCredentials,
    workspaceId: string,
    reportId: string,
  ): Promise<BiReportDataset>;
  /** An Edit token that also allows save as, for one report (administrators author with it). */
  generateEditToken(
    credentials: BiCredentials,
    report: { workspaceId: string; reportId: string },
  ): Promise<BiEmbedToken>;
  listDatasets(credentials: BiCredentials, workspaceId: string): Promise<BiDataset[]>;
  /** A Create token: a new report on the dataset, saved into the workspace. */
  generateCreateToken(
    credentials: BiCredentials,
    target: { workspaceId: string; datasetId: string },
  ): Promise<BiEmbedToken>;
}

interface ValueList<T> {
  value: T[];
}

/** Builds the client. `apiUrl` is the host (https://api.powerbi.com or the bundled service). */
export function createBiClient(options: BiRequesterOptions) {
  const call = createBiRequester(options);

  async function generateToken(credentials: BiCredentials, path: string, body: unknown) {
    const result = await call<{ token: string; expiration: string }>(
      credentials,
      'POST',
      path,
      body,
    );
    return { token: result.token, expiration: new Date(result.expiration) };
  }
  const groupPath = (workspaceId: string) => `/groups/${encodeURIComponent(workspaceId)}`;

  const client: BiClient = {
    async listWorkspaces(credentials) {
      const groups = await call<ValueList<{ id: string; name: string }>>(
        credentials,
        'GET',
        '/groups',
      );
      return groups.value.map(({ id, name }) => ({ id, name }));
    },
    async listItems(credentials, workspaceId) {
      const group = `/groups/${encodeURIComponent(workspaceId)}`;
      const [reports, dashboards] = await Promise.all([
        call<ValueList<{ id: string; name: string; embedUrl: string }>>(
          credentials,
          'GET',
          `${group}/reports`,
        ),
        call<ValueList<{ id: string; displayName: string; embedUrl: string }>>(
          credentials,
          'GET',
          `${group}/dashboards`,
        ),
      ]);
      return [
        ...reports.value.map((r) => ({
          id: r.id,
          name: r.name,
          kind: 'report' as const,
          embedUrl: r.embedUrl,
        })),
        ...dashboards.value.map((d) => ({
          id: d.id,
          name: d.displayName,
          kind: 'dashboard' as const,
          embedUrl: d.embedUrl,
        })),
      ];
    },
    async generateViewToken(credentials, item, identity) {
      const collection = item.kind === 'dashboard' ? 'dashboards' : 'reports';
      const path = `${groupPath(item.workspaceId)}/${collection}/${encodeURIComponent(item.itemId)}/GenerateToken`;
      return generateToken(credentials, path, {
        accessLevel: 'View',
        ...(identity ? { identities: [identity] } : {}),
      });
    },
    async generateEditToken(credentials, report) {
      const path = `${groupPath(report.workspaceId)}/reports/${encodeURIComponent(report.reportId)}/GenerateToken`;
      return generateToken(credentials, path, { accessLevel: 'Edit', allowSaveAs: true });
    },
    async listDatasets(credentials, workspaceId) {
      const datasets = await call<
        ValueList<{ id: string; name: string; createReportEmbedURL: string }>
      >(credentials, 'GET', `${groupPath(workspaceId)}/datasets`);
      return datasets.value.map((d) => ({
        id: d.id,
        name: d.name,
        createReportEmbedUrl: d.createReportEmbedURL,
      }));
    },
    async generateCreateToken(credentials, target) {
      const path = `${groupPath(target.workspaceId)}/reports/GenerateToken`;
      return generateToken(credentials, path, {
        accessLevel: 'Create',
        datasetId: target.datasetId,
      });
    },
    async reportDataset(credentials, workspaceId, reportId) {
      const report = await call<{ datasetId: string; datasetWorkspaceId?: string }>(
        credentials,
        'GET',
        `${groupPath(workspaceId)}/reports/${encodeURIComponent(reportId)}`,
      );
      // A shared dataset may live in another workspace (datasetWorkspaceId says which).
      const group = report.datasetWorkspaceId ?? workspaceId;
      const dataset = await call<{ isEffectiveIdentityRequired?: boolean }>(
        credentials,
        'GET',
        `${groupPath(group)}/datasets/${encodeURIComponent(report.datasetId)}`,
      );
      return {
        datasetId: report.datasetId,
        identityRequired: dataset.isEffectiveIdentityRequired === true,
      };
    },
  };
  return client;
}
