import { workspaceIdFor } from '../src/catalog/catalog.service.ts';
import { ids } from './fixture-content.ts';
import { call, type TestService } from './harness.ts';

/** The Comercial workspace of the fixture content, where the authoring tests make reports. */
export const comercialGroup = workspaceIdFor('Comercial');

/** The sales dataset has row-level security roles, so every token needs an identity for it. */
export const identities = [{ username: 'ana', roles: ['Region'], datasets: [ids.salesDataset] }];

/** A one-page definition that the report-definition schema accepts. */
export const definition = {
  pages: [{ name: 'ReportSection9', displayName: 'Nueva', width: 1280, height: 720, visuals: [] }],
};

/** Status and Power BI error code of an answer: `[403, 'PowerBINotAuthorizedException']`. */
export const errorOf = (response: { status: number; json: Record<string, unknown> }) => [
  response.status,
  (response.json['error'] as { code: string } | undefined)?.code,
];

/**
 * GenerateToken and embed API calls made by one principal (the caller behind `accessToken`),
 * as the portal makes them for every viewer of an account.
 */
export function authoringCalls(service: TestService, accessToken: string) {
  return {
    /** A report token; `body` adds `accessLevel`, `allowSaveAs`. */
    async reportToken(reportId: string, body: Record<string, unknown> = {}): Promise<string> {
      const path = `/v1.0/myorg/groups/${comercialGroup}/reports/${reportId}/GenerateToken`;
      const { json } = await call(service.url, path, {
        token: accessToken,
        body: { identities, ...body },
      });
      return String(json['token']);
    },

    /** A Create token on the sales dataset, for the Comercial workspace. */
    async createToken(): Promise<string> {
      const path = `/v1.0/myorg/groups/${comercialGroup}/reports/GenerateToken`;
      const body = { accessLevel: 'Create', datasetId: ids.salesDataset, identities };
      const { json } = await call(service.url, path, { token: accessToken, body });
      return String(json['token']);
    },

    embedCall: (path: string, token: string, body?: unknown) =>
      call(service.url, path, { token, scheme: 'EmbedToken', body }),

    /** A REST call on the Comercial workspace. */
    rest: (path: string, method: string, body?: unknown) =>
      call(service.url, `/v1.0/myorg/groups/${comercialGroup}${path}`, {
        token: accessToken,
        method,
        body,
      }),
  };
}
