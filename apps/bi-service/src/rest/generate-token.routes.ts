import { callerOf, requireCaller } from '../auth/request-auth.ts';
import { powerBiErrors } from '../http/error-schemas.ts';
import { noStore } from '../http/no-store.ts';
import type { BiServices } from '../services.ts';
import type { ZodApp } from '../zod-app.ts';
import {
  createReportTokenBody,
  itemTokenBody,
  multiResourceTokenBody,
} from './generate-token.schemas.ts';
import {
  dashboardParams,
  embedTokenSchema,
  groupParams,
  reportParams,
  tileParams,
} from './rest.schemas.ts';
import { membershipOf, requireWorkspaceMember } from './workspace-member.ts';

const response = { 200: embedTokenSchema, ...powerBiErrors };

/** The per-item GenerateToken calls (V1) and the multi-resource one (V2); the rules live in EmbedTokenService. */
export function registerGenerateTokenRoutes(
  app: ZodApp,
  services: Pick<BiServices, 'contentAccess' | 'embedTokens'>,
): void {
  const tokens = services.embedTokens;
  // Every answer carries an embed token (or refuses one): no browser or proxy may keep it.
  const member = {
    onRequest: noStore,
    preHandler: [requireCaller, requireWorkspaceMember(services.contentAccess)],
  };

  app.post(
    '/v1.0/myorg/groups/:groupId/reports/:reportId/GenerateToken',
    { ...member, schema: { params: reportParams, body: itemTokenBody, response } },
    async (request) =>
      tokens.forReport(
        callerOf(request),
        membershipOf(request),
        request.params.reportId,
        request.body,
      ),
  );

  app.post(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/GenerateToken',
    { ...member, schema: { params: dashboardParams, body: itemTokenBody, response } },
    async (request) =>
      tokens.forDashboard(
        callerOf(request),
        membershipOf(request),
        request.params.dashboardId,
        request.body,
      ),
  );

  app.post(
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken',
    { ...member, schema: { params: tileParams, body: itemTokenBody, response } },
    async (request) =>
      tokens.forTile(callerOf(request), membershipOf(request), request.params, request.body),
  );

  app.post(
    '/v1.0/myorg/groups/:groupId/reports/GenerateToken',
    { ...member, schema: { params: groupParams, body: createReportTokenBody, response } },
    async (request) => tokens.forNewReport(callerOf(request), membershipOf(request), request.body),
  );

  app.post(
    '/v1.0/myorg/GenerateToken',
    {
      onRequest: noStore,
      preHandler: requireCaller,
      schema: { body: multiResourceTokenBody, response },
    },
    async (request) => tokens.forResources(callerOf(request), request.body),
  );
}
