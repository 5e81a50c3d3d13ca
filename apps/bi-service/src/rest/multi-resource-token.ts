import type { BiServices } from '../services.ts';
import type { ZodApp } from '../zod-app.ts';
import type { AccessLevel } from '../tokens/embed-token.ts';
import { requireCaller, requireMembership, requireRoleFor } from './caller.ts';
import type { EmbedTokenIssuer } from './embed-token-issuer.ts';
import { multiResourceTokenBody, type MultiResourceTokenBody } from './generate-token.schemas.ts';
import { entityNotFound, invalidRequest } from './powerbi-error.ts';

/**
 * One access level covers every item of the token, so it is the least that all of them allow:
 * Edit only when every report allows editing, Create only when target workspaces are named too.
 */
function accessLevelOf(body: MultiResourceTokenBody): AccessLevel {
  const allEditable = body.reports.every((report) => report.allowEdit === true);
  if (!allEditable) return 'View';
  if (body.targetWorkspaces.length > 0) return 'Create';
  return body.reports.length > 0 ? 'Edit' : 'View';
}

/** `POST /v1.0/myorg/GenerateToken`: one token for several reports, datasets and target workspaces. */
export function registerMultiResourceTokenRoute(
  app: ZodApp,
  services: BiServices,
  issue: EmbedTokenIssuer,
): void {
  app.post(
    '/v1.0/myorg/GenerateToken',
    { schema: { body: multiResourceTokenBody } },
    async (request) => {
      const caller = await requireCaller(request, services);
      const body = request.body;
      if (body.reports.length === 0 && body.datasets.length === 0) {
        throw invalidRequest('The request must name at least one report or dataset');
      }
      const accessLevel = accessLevelOf(body);
      const workspaces = new Set<string>();
      const datasets = new Set<string>();
      const reports = body.reports.map(({ id }) => {
        const report = services.content.getReport(id);
        if (!report) throw entityNotFound(`Report ${id}`);
        const { role } = requireMembership(services, caller.principal, report.workspaceId);
        requireRoleFor(accessLevel === 'Create' ? 'Edit' : accessLevel, role, report.workspaceId);
        workspaces.add(report.workspaceId);
        // A report always needs its dataset: include it even when the caller did not list it.
        datasets.add(report.datasetId);
        return report.id;
      });
      for (const { id } of body.datasets) {
        const dataset = services.content.getDataset(id);
        if (!dataset) throw entityNotFound(`Dataset ${id}`);
        requireMembership(services, caller.principal, dataset.workspaceId);
        workspaces.add(dataset.workspaceId);
        datasets.add(dataset.id);
      }
      for (const { id } of body.targetWorkspaces) {
        const { workspace, role } = requireMembership(services, caller.principal, id);
        requireRoleFor('Create', role, workspace.id);
        workspaces.add(workspace.id);
      }
      return issue(caller, { reports, datasets, workspaces, accessLevel }, body);
    },
  );
}
