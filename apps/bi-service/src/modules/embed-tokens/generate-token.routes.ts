import {
  createReportTokenRequestSchema,
  embedTokenSchema,
  generateTokenRequestSchema,
  multiResourceTokenRequestSchema,
} from '@vitrina/bi-model';
import { callerOf, requireCaller } from '../identity/request-auth.ts';
import { powerBiErrors } from '../../http/error-schemas.ts';
import { noStore } from '../../http/no-store.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { dashboardParams, groupParams, reportParams, tileParams } from '../../http/route-params.ts';
import { membershipOf, requireWorkspaceMember } from '../workspaces/workspace-member.ts';

const response = { 200: embedTokenSchema, ...powerBiErrors };
/** The per-item calls take an empty or missing body as "a View token". */
const itemTokenBody = generateTokenRequestSchema.default({});

/** The per-item GenerateToken calls (V1) and the multi-resource one (V2); the rules live in EmbedTokenService. */
export function registerGenerateTokenRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'workspaceAccess' | 'embedTokens'>,
): void {
  const tokens = services.embedTokens;
  // Every answer carries an embed token (or refuses one): no browser or proxy may keep it.
  const member = {
    onRequest: noStore,
    preHandler: [requireCaller, requireWorkspaceMember(services.workspaceAccess)],
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
    { ...member, schema: { params: groupParams, body: createReportTokenRequestSchema, response } },
    async (request) => tokens.forNewReport(callerOf(request), membershipOf(request), request.body),
  );

  app.post(
    '/v1.0/myorg/GenerateToken',
    {
      onRequest: noStore,
      preHandler: requireCaller,
      schema: { body: multiResourceTokenRequestSchema, response },
    },
    async (request) => tokens.forResources(callerOf(request), request.body),
  );
}
