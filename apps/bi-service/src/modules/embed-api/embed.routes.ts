import { embedClaimsOf, requireEmbedToken } from '../identity/request-auth.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { embedApi } from './embed-api.schemas.ts';

/** The frame's reads of definitions and its saves (docs/bi-embed-api.md); scope comes from the token only. */
export function registerEmbedRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'contentAccess' | 'queries'>,
): void {
  const access = services.contentAccess;

  app.get(
    '/v1.0/embed/reports/:reportId',
    {
      preHandler: requireEmbedToken,
      schema: embedApi.report,
    },
    async (request) => {
      const claims = embedClaimsOf(request);
      const report = await access.reportForFrame(claims, request.params.reportId);
      const { startPage } = request.query;
      // The frame asks for that page next: start it once this answer is on its way.
      if (startPage !== undefined) {
        setImmediate(() => services.queries.readPageAhead(claims, report, startPage));
      }
      return report;
    },
  );

  app.post(
    '/v1.0/embed/reports/:reportId/revisions',
    {
      preHandler: requireEmbedToken,
      schema: embedApi.revision,
    },
    async (request) =>
      access.saveRevision(embedClaimsOf(request), request.params.reportId, request.body),
  );

  app.get(
    '/v1.0/embed/dashboards/:dashboardId',
    {
      preHandler: requireEmbedToken,
      schema: embedApi.dashboard,
    },
    async (request) => access.dashboardForFrame(embedClaimsOf(request), request.params.dashboardId),
  );
}
