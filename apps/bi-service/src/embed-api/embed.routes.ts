import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BiServices } from '../services.ts';
import { assertAccessLevel, assertTokenCovers, verifyEmbedToken } from '../tokens/embed-token.ts';
import { entityNotFound } from '../rest/powerbi-error.ts';

const reportParams = z.object({ reportId: z.string() });
const dashboardParams = z.object({ dashboardId: z.string() });

/** A saved definition: an object; report kinds need pages, paginated ones columns. */
const revisionBody = z.object({
  definition: z.union([
    z.looseObject({ pages: z.array(z.looseObject({ name: z.string() })).min(1) }),
    z.looseObject({ title: z.string(), columns: z.array(z.unknown()).min(1) }),
  ]),
});

/** The frame's reads of definitions and its saves (docs/bi-embed-api.md); scope comes from the token only. */
export function registerEmbedRoutes(app: FastifyInstance, services: BiServices): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { content } = services;

  const reportFor = async (authorization: string | undefined, reportId: string) => {
    const claims = await verifyEmbedToken(authorization);
    const report = content.getReport(reportId);
    if (!report) throw entityNotFound(`Report ${reportId}`);
    assertTokenCovers(claims, 'report', report.id);
    return { claims, report };
  };

  typed.get(
    '/v1.0/embed/reports/:reportId',
    { schema: { params: reportParams } },
    async (request) => {
      const { report } = await reportFor(request.headers.authorization, request.params.reportId);
      const dataset = services.datasetSchemas.schema(report.datasetId);
      if (!dataset) throw entityNotFound(`Dataset ${report.datasetId}`);
      return {
        id: report.id,
        name: report.name,
        datasetId: report.datasetId,
        reportType: report.reportType,
        revision: report.revision,
        definition: content.getDefinition(report.id),
        dataset,
      };
    },
  );

  typed.post(
    '/v1.0/embed/reports/:reportId/revisions',
    { schema: { params: reportParams, body: revisionBody } },
    async (request) => {
      const { claims, report } = await reportFor(
        request.headers.authorization,
        request.params.reportId,
      );
      assertAccessLevel(claims, 'Edit');
      return { revision: content.addRevision(report.id, request.body.definition, claims.sub) };
    },
  );

  typed.get(
    '/v1.0/embed/dashboards/:dashboardId',
    { schema: { params: dashboardParams } },
    async (request) => {
      const claims = await verifyEmbedToken(request.headers.authorization);
      const dashboard = content.getDashboard(request.params.dashboardId);
      if (!dashboard) throw entityNotFound(`Dashboard ${request.params.dashboardId}`);
      assertTokenCovers(claims, 'dashboard', dashboard.id);
      // A tile token sees only its tile.
      const tiles = content
        .listTiles(dashboard.id)
        .filter((tile) => claims.tiles.includes(tile.id));
      return { id: dashboard.id, displayName: dashboard.displayName, tiles };
    },
  );
}
