import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { AuthoringDataset } from '../../../lib/models.ts';

/** The datasets of one workspace, for Nuevo informe (administrators only); fetched when asked. */
export const useWorkspaceDatasets = (accountId: number, workspaceId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['authoring-datasets', accountId, workspaceId],
    queryFn: () =>
      api.get<AuthoringDataset[]>(
        `authoring/account/${accountId}/workspace/${encodeURIComponent(workspaceId)}/datasets`,
      ),
    enabled,
  });

/** The create page of the authoring feature (a route, so the gateway does not import it). */
export const createReportPath = (accountId: number, workspaceId: string, datasetId: string) =>
  `/authoring/new/${accountId}/${encodeURIComponent(workspaceId)}/${encodeURIComponent(datasetId)}`;
