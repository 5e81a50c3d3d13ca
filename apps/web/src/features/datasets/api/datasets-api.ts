import { useQueryClient } from '@tanstack/react-query';
import type {
  DatasetColumn,
  DatasetImport,
  DatasetRefresh,
  DatasetSummary,
  DatasetTable,
  TablePreview,
} from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';

/** The Datos page's calls (administrators only), per account and workspace. */
export interface WorkspaceRef {
  accountId: number;
  workspaceId: string;
}

const base = ({ accountId, workspaceId }: WorkspaceRef) =>
  `datasets/account/${accountId}/workspace/${encodeURIComponent(workspaceId)}`;
const datasetPath = (where: WorkspaceRef, datasetId: string) =>
  `${base(where)}/dataset/${encodeURIComponent(datasetId)}`;

export const datasetsKey = (where: WorkspaceRef) => [
  'datasets',
  where.accountId,
  where.workspaceId,
];

export const fetchDatasets = (where: WorkspaceRef) => api.get<DatasetSummary[]>(base(where));

export const fetchRefreshes = (where: WorkspaceRef, datasetId: string) =>
  api.get<DatasetRefresh[]>(`${datasetPath(where, datasetId)}/refreshes`);

export const refreshNow = (where: WorkspaceRef, datasetId: string) =>
  api.post<void>(`${datasetPath(where, datasetId)}/refresh`, {});

export const deleteDataset = (where: WorkspaceRef, datasetId: string) =>
  api.delete<void>(datasetPath(where, datasetId));

const tablePath = (where: WorkspaceRef, datasetId: string, table: string) =>
  `${datasetPath(where, datasetId)}/table/${encodeURIComponent(table)}`;

/** The table's first rows as the BI service parsed them, with each column's stored type. */
export const fetchTablePreview = (where: WorkspaceRef, datasetId: string, table: string) =>
  api.get<TablePreview>(`${tablePath(where, datasetId, table)}/preview`);

export const correctTypes = (
  where: WorkspaceRef,
  datasetId: string,
  table: string,
  columns: DatasetColumn[],
) => api.put<DatasetTable>(tablePath(where, datasetId, table), { columns });

/** Reloads the workspace's list after a write (decision 0121: invalidate, then show). */
export function useInvalidateDatasets() {
  const queryClient = useQueryClient();
  return (where: WorkspaceRef) => queryClient.invalidateQueries({ queryKey: datasetsKey(where) });
}

/** Uploads a file as the raw request body; `onProgress` gets 0–100 as it goes up. */
export function uploadDataset(
  where: WorkspaceRef,
  name: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<DatasetImport> {
  const query = new URLSearchParams({ name, fileName: file.name });
  return api.upload<DatasetImport>(`${base(where)}/upload?${query}`, file, onProgress);
}
