import { useQueryClient } from '@tanstack/react-query';
import type {
  DatasetColumn,
  DatasetImport,
  DatasetRefresh,
  DatasetSummary,
  DatasetTable,
} from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { getCurrentUser } from '../../../lib/session.ts';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from '../../../lib/xsrf.ts';

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

export const correctTypes = (
  where: WorkspaceRef,
  datasetId: string,
  table: string,
  columns: DatasetColumn[],
) =>
  api.put<DatasetTable>(`${datasetPath(where, datasetId)}/table/${encodeURIComponent(table)}`, {
    columns,
  });

/** Reloads the workspace's list after a write (decision 0121: invalidate, then show). */
export function useInvalidateDatasets() {
  const queryClient = useQueryClient();
  return (where: WorkspaceRef) => queryClient.invalidateQueries({ queryKey: datasetsKey(where) });
}

/**
 * Uploads a file as the raw request body with XMLHttpRequest, the one browser API that reports
 * upload progress (`onProgress` gets 0–100). Same headers as the API client; on a 401 (the
 * access token expired) one API call renews the session and the file is sent again.
 */
export async function uploadDataset(
  where: WorkspaceRef,
  name: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<DatasetImport> {
  try {
    return await sendFile(where, name, file, onProgress);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await fetchDatasets(where);
    return sendFile(where, name, file, onProgress);
  }
}

function sendFile(
  where: WorkspaceRef,
  name: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<DatasetImport> {
  const query = new URLSearchParams({ name, fileName: file.name });
  const url = new URL(`/api/${base(where)}/upload?${query}`, window.location.href).href;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('Accept', 'application/json');
    const token = getCurrentUser()?.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) request.setRequestHeader(XSRF_HEADER, xsrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () =>
      reject(new ApiError(0, 'network', 'No se pudo conectar con el servidor.'));
    request.onload = () => {
      const body = parseJson(request.responseText) as { code?: string; message?: string } | null;
      if (request.status >= 200 && request.status < 300) resolve(body as DatasetImport);
      else
        reject(
          new ApiError(
            request.status,
            body?.code ?? 'internal',
            body?.message ?? 'Error inesperado. Intente nuevamente.',
          ),
        );
    };
    request.send(file);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
