import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type {
  ColumnType,
  DatasetImport,
  DatasetRefresh,
  DatasetSummary,
  DatasetTable,
  DatasetUploadQuery,
} from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import { credentialsOf } from '../accounts/account-credentials.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import { BiFailure, BiServiceError } from '../bi-client/bi-errors.ts';
import type { BiCall } from '../bi-client/bi-requester.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import { multipartFile } from './multipart-file.ts';
import { spanishBiMessage } from './bi-messages.ts';

const messages = {
  accountNotFound: 'La cuenta de integración no existe.',
  datasetNotFound: 'El conjunto de datos no existe en esa área de trabajo.',
  refused: 'El servicio de BI rechazó la operación.',
};

interface BiDatasetRow {
  id: string;
  name: string;
  isRefreshable?: boolean;
  addRowsAPIEnabled?: boolean;
}
/** A table as the BI service's GetTables lists it; `rowCount` is the bundled service's extension. */
interface BiTableRow {
  name: string;
  columns: { name: string; dataType: ColumnType }[];
  rowCount?: number;
}
interface BiRefreshRow {
  id: number;
  refreshType: string;
  startTime: string;
  endTime?: string;
  status: string;
  serviceExceptionJson?: string;
}
interface BiImportRow {
  id: string;
  importState: DatasetImport['state'];
  datasets: { id: string }[];
  error?: { message: string };
}

/** Uploads longer than this are cut off (the transport's usual 15 s is for small JSON calls). */
const uploadTimeoutMs = 10 * 60_000;

/**
 * The Datos page's work (administrators only; the routes check that): a workspace's datasets,
 * file uploads streamed to the BI service's Imports API, type corrections, refreshes and
 * deletion, each with the account's credentials. The BI service's English errors come back
 * in Spanish: 400 with the row and column, 404 for what is gone, 502 for anything else.
 */
export function createDatasetsService(deps: {
  db: Kysely<Database>;
  secrets: SecretBox;
  call: BiCall;
}) {
  async function withAccount<T>(
    accountId: number,
    work: (credentials: BiCredentials) => Promise<T>,
  ): Promise<T> {
    const row = await accountsRepository.getById(deps.db, accountId);
    if (!row) throw appErrors.notFound(messages.accountNotFound);
    try {
      return await work(credentialsOf(row, deps.secrets));
    } catch (error) {
      if (!(error instanceof BiServiceError)) throw error;
      if (error.failure === BiFailure.notFound)
        throw appErrors.notFound(spanishBiMessage(error.remoteMessage, messages.datasetNotFound));
      if (error.failure === BiFailure.unexpected && error.remoteMessage)
        throw new AppError(
          'validation_failed',
          spanishBiMessage(error.remoteMessage, messages.refused),
        );
      throw new AppError('bad_gateway', error.message);
    }
  }

  const group = (workspaceId: string) => `/groups/${encodeURIComponent(workspaceId)}`;
  const dataset = (workspaceId: string, datasetId: string) =>
    `${group(workspaceId)}/datasets/${encodeURIComponent(datasetId)}`;

  /** Tables of an uploaded or pushed dataset; the BI service's model datasets have none to edit. */
  async function tablesOf(credentials: BiCredentials, path: string): Promise<DatasetTable[]> {
    try {
      const tables = await deps.call<{ value: BiTableRow[] }>(credentials, 'GET', `${path}/tables`);
      return tables.value.map((table) => ({
        name: table.name,
        columns: table.columns.map(({ name, dataType }) => ({ name, dataType })),
        rowCount: table.rowCount ?? null,
      }));
    } catch (error) {
      if (error instanceof BiServiceError && error.failure !== BiFailure.unreachable) return [];
      throw error;
    }
  }

  async function refreshesOf(credentials: BiCredentials, path: string, top: number) {
    const list = await deps.call<{ value: BiRefreshRow[] }>(
      credentials,
      'GET',
      `${path}/refreshes?$top=${top}`,
    );
    return list.value.map(presentRefresh);
  }

  /** The latest refresh; the BI service's model datasets keep no history (404). */
  async function lastRefreshOf(credentials: BiCredentials, path: string) {
    try {
      return (await refreshesOf(credentials, path, 1))[0] ?? null;
    } catch (error) {
      if (error instanceof BiServiceError && error.failure === BiFailure.notFound) return null;
      throw error;
    }
  }

  function presentImport(row: BiImportRow): DatasetImport {
    return {
      id: row.id,
      state: row.importState,
      datasetId: row.datasets[0]?.id ?? null,
      error: row.error ? spanishBiMessage(row.error.message, messages.refused) : null,
    };
  }

  return {
    async list(accountId: number, workspaceId: string): Promise<DatasetSummary[]> {
      return withAccount(accountId, async (credentials) => {
        const rows = await deps.call<{ value: BiDatasetRow[] }>(
          credentials,
          'GET',
          `${group(workspaceId)}/datasets`,
        );
        return Promise.all(
          rows.value.map(async (row) => {
            const path = dataset(workspaceId, row.id);
            const tables = await tablesOf(credentials, path);
            // The BI service's declared models (no tables to edit) are neither refreshed nor deleted here.
            const source = row.addRowsAPIEnabled
              ? 'push'
              : row.isRefreshable !== true
                ? 'archivo'
                : tables.length > 0
                  ? 'origen'
                  : null;
            const refreshable = source === 'origen';
            return {
              id: row.id,
              name: row.name,
              source,
              refreshable,
              tables,
              lastRefresh: refreshable ? await lastRefreshOf(credentials, path) : null,
            } satisfies DatasetSummary;
          }),
        );
      });
    },

    /** Streams the file to the BI service (which imports it at once) and answers the import. */
    async upload(
      accountId: number,
      workspaceId: string,
      query: DatasetUploadQuery,
      file: Readable,
    ): Promise<DatasetImport> {
      return withAccount(accountId, async (credentials) => {
        const body = multipartFile(file, query.fileName);
        const created = await deps.call<{ id: string }>(
          credentials,
          'POST',
          `${group(workspaceId)}/imports?datasetDisplayName=${encodeURIComponent(query.name)}&nameConflict=CreateOrOverwrite`,
          { stream: body.stream, contentType: body.contentType, timeoutMs: uploadTimeoutMs },
        );
        return presentImport(
          await deps.call<BiImportRow>(
            credentials,
            'GET',
            `${group(workspaceId)}/imports/${created.id}`,
          ),
        );
      });
    },

    async importStatus(accountId: number, workspaceId: string, importId: string) {
      return withAccount(accountId, async (credentials) =>
        presentImport(
          await deps.call<BiImportRow>(
            credentials,
            'GET',
            `${group(workspaceId)}/imports/${encodeURIComponent(importId)}`,
          ),
        ),
      );
    },

    /**
     * The same columns with corrected types; an uploaded table is read again from its file, so
     * the answer is the table as the BI service now lists it (its rows counted again).
     */
    async correctTypes(
      accountId: number,
      workspaceId: string,
      datasetId: string,
      table: string,
      columns: { name: string; dataType: ColumnType }[],
    ): Promise<DatasetTable> {
      return withAccount(accountId, async (credentials) => {
        const path = dataset(workspaceId, datasetId);
        await deps.call(credentials, 'PUT', `${path}/tables/${encodeURIComponent(table)}`, {
          name: table,
          columns,
        });
        const tables = await tablesOf(credentials, path);
        return (
          tables.find((candidate) => candidate.name === table) ?? {
            name: table,
            columns,
            rowCount: null,
          }
        );
      });
    },

    async refresh(accountId: number, workspaceId: string, datasetId: string): Promise<void> {
      await withAccount(accountId, (credentials) =>
        deps.call(credentials, 'POST', `${dataset(workspaceId, datasetId)}/refreshes`, {}),
      );
    },

    async refreshes(accountId: number, workspaceId: string, datasetId: string) {
      return withAccount(accountId, (credentials) =>
        refreshesOf(credentials, dataset(workspaceId, datasetId), 20),
      );
    },

    async remove(accountId: number, workspaceId: string, datasetId: string): Promise<void> {
      await withAccount(accountId, (credentials) =>
        deps.call(credentials, 'DELETE', dataset(workspaceId, datasetId)),
      );
    },
  };
}
export type DatasetsService = ReturnType<typeof createDatasetsService>;

function presentRefresh(row: BiRefreshRow): DatasetRefresh {
  return {
    id: row.id,
    refreshType: row.refreshType,
    startTime: row.startTime,
    endTime: row.endTime ?? null,
    status: row.status,
    error: row.serviceExceptionJson ? refreshError(row.serviceExceptionJson) : null,
  };
}

/** Power BI's `{"errorCode":…,"errorDescription":…}`, shown as its description. */
function refreshError(json: string): string {
  try {
    const parsed = JSON.parse(json) as { errorDescription?: string };
    return `La actualización falló: ${parsed.errorDescription ?? json}`;
  } catch {
    return `La actualización falló: ${json}`;
  }
}
