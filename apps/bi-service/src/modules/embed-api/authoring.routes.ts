import { embedClaimsOf, requireEmbedToken } from '../identity/request-auth.ts';
import type { RouteServices } from '../../services.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { embedApi } from './embed-api.schemas.ts';

/** The frame's save as and create calls, and the dataset a create embed starts from. */
export function registerAuthoringRoutes(
  app: ZodApp,
  services: Pick<RouteServices, 'authoring'>,
): void {
  const { authoring } = services;

  app.post(
    '/v1.0/embed/reports/:reportId/saveAs',
    { preHandler: requireEmbedToken, schema: embedApi.saveAs },
    async (request) =>
      authoring.saveAs(embedClaimsOf(request), request.params.reportId, request.body),
  );

  app.post(
    '/v1.0/embed/datasets/:datasetId/reports',
    { preHandler: requireEmbedToken, schema: embedApi.create },
    async (request) =>
      authoring.create(embedClaimsOf(request), request.params.datasetId, request.body),
  );

  app.get(
    '/v1.0/embed/datasets/:datasetId',
    { preHandler: requireEmbedToken, schema: embedApi.datasetForCreate },
    async (request) => authoring.datasetForFrame(embedClaimsOf(request), request.params.datasetId),
  );
}
