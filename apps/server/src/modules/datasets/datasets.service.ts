import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  executeQueriesKey,
  serviceExceptionSchema,
  type Import,
  type ListedTable,
  type Refresh,
} from '@vitrina/bi-model/rest';
import type {
  ColumnType,
  DatasetImport,
  DatasetRefresh,
  DatasetSummary,
  DatasetTable,
  DatasetUploadQuery,
  TablePreview,
} from '@vitrina/contracts';
import { previewRowCount } from '@vitrina/contracts';
import { AppError } from '../../errors.ts';
import type { Database } from '../../db/schema.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import { withAccountCredentials } from '../accounts/with-account-credentials.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import { BiFailure, BiServiceError } from '../bi-client/bi-errors.ts';
import { spanishBiMessage } from '../bi-client/bi-messages.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import { multipartFile } from './multipart-file.ts';

const refused = 'El servicio de BI rechazó la operación.';

/** Uploads longer than this are cut off (the transport's usual 15 s is for small JSON calls). */
const uploadTimeoutMs = 10 * 60_000;

/** How a BI service says a dataset has no tables to edit (Power BI: not a push dataset). */
const noTables = new Set<BiFailure>([BiFailure.notFound, BiFailure.rejected, BiFailure.forbidden]);

type DatasetCalls = Pick<
  BiClient,
  | 'listDatasets'
  | 'listTables'
  | 'listRefreshes'
  | 'importFile'
  | 'listImports'
  | 'getImport'
  | 'putTable'
  | 'firstRows'
  | 'refreshDataset'
  | 'deleteDataset'
>;

/**
 * The Datos page's work (administrators only; the routes check that): a workspace's datasets,
 * file uploads streamed to the BI service's Imports API, type corrections, refreshes and
 * deletion, each with the account's credentials. Failures are the portal's errors for them
 * (`portalErrorOf`): a refused file says its row and column in Spanish.
 */
export function createDatasetsService(deps: {
  db: Kysely<Database>;
  secrets: SecretBox;
  bi: DatasetCalls;
}) {
  const { bi } = deps;
  const withAccount = <T>(accountId: number, work: (credentials: BiCredentials) => Promise<T>) =>
    withAccountCredentials(deps, accountId, work);

  /** Tables of an uploaded or pushed dataset; the BI service's model datasets have none to edit. */
  async function tablesOf(
    credentials: BiCredentials,
    workspaceId: string,
    datasetId: string,
  ): Promise<DatasetTable[]> {
    try {
      return (await bi.listTables(credentials, workspaceId, datasetId)).map(presentTable);
    } catch (error) {
      if (error instanceof BiServiceError && noTables.has(error.failure)) return [];
      throw error;
    }
  }

  /** The latest refresh; the BI service's model datasets keep no history (404). */
  async function lastRefreshOf(credentials: BiCredentials, workspaceId: string, datasetId: string) {
    try {
      const [last] = await bi.listRefreshes(credentials, workspaceId, datasetId, 1);
      return last ? presentRefresh(last) : null;
    } catch (error) {
      if (error instanceof BiServiceError && error.failure === BiFailure.notFound) return null;
      throw error;
    }
  }

  return {
    async list(accountId: number, workspaceId: string): Promise<DatasetSummary[]> {
      return withAccount(accountId, async (credentials) => {
        const datasets = await bi.listDatasets(credentials, workspaceId);
        // An uploaded file's last update is its last import (it has no refresh history).
        const imports = datasets.some((d) => !d.addRowsAPIEnabled && d.isRefreshable !== true)
          ? await bi.listImports(credentials, workspaceId)
          : [];
        return Promise.all(
          datasets.map(async (dataset) => {
            const tables = await tablesOf(credentials, workspaceId, dataset.id);
            // The BI service's declared models (no tables to edit) are neither refreshed nor deleted here.
            const source = dataset.addRowsAPIEnabled
              ? 'push'
              : dataset.isRefreshable !== true
                ? 'archivo'
                : tables.length > 0
                  ? 'origen'
                  : null;
            const refreshable = source === 'origen';
            return {
              id: dataset.id,
              name: dataset.name,
              source,
              refreshable,
              tables,
              lastRefresh: refreshable
                ? await lastRefreshOf(credentials, workspaceId, dataset.id)
                : source === 'archivo'
                  ? lastImportOf(imports, dataset.id)
                  : null,
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
        const importId = await bi.importFile(credentials, workspaceId, {
          datasetName: query.name,
          file: { ...body, timeoutMs: uploadTimeoutMs },
        });
        return presentImport(await bi.getImport(credentials, workspaceId, importId));
      });
    },

    async importStatus(accountId: number, workspaceId: string, importId: string) {
      return withAccount(accountId, async (credentials) =>
        presentImport(await bi.getImport(credentials, workspaceId, importId)),
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
        await bi.putTable(credentials, workspaceId, datasetId, { name: table, columns });
        const tables = await tablesOf(credentials, workspaceId, datasetId);
        return (
          tables.find((candidate) => candidate.name === table) ?? {
            name: table,
            columns,
            rowCount: null,
          }
        );
      });
    },

    /** The table's stored types and its first rows as the BI service parsed them. */
    async preview(
      accountId: number,
      workspaceId: string,
      datasetId: string,
      table: string,
    ): Promise<TablePreview> {
      return withAccount(accountId, async (credentials) => {
        const tables = await tablesOf(credentials, workspaceId, datasetId);
        const found = tables.find((candidate) => candidate.name === table);
        if (!found) throw new AppError('not_found', 'Tabla: no existe en el conjunto de datos.');
        const rows = await bi.firstRows(
          credentials,
          workspaceId,
          datasetId,
          table,
          previewRowCount,
        );
        return {
          columns: found.columns,
          rows: rows.map((row) =>
            found.columns.map((column) => row[executeQueriesKey(table, column.name)] ?? null),
          ),
        };
      });
    },

    async refresh(accountId: number, workspaceId: string, datasetId: string): Promise<void> {
      await withAccount(accountId, (credentials) =>
        bi.refreshDataset(credentials, workspaceId, datasetId),
      );
    },

    async refreshes(accountId: number, workspaceId: string, datasetId: string) {
      return withAccount(accountId, async (credentials) =>
        (await bi.listRefreshes(credentials, workspaceId, datasetId, 20)).map(presentRefresh),
      );
    },

    async remove(accountId: number, workspaceId: string, datasetId: string): Promise<void> {
      await withAccount(accountId, (credentials) =>
        bi.deleteDataset(credentials, workspaceId, datasetId),
      );
    },
  };
}
export type DatasetsService = ReturnType<typeof createDatasetsService>;

function presentTable(table: ListedTable): DatasetTable {
  return {
    name: table.name,
    columns: table.columns.map(({ name, dataType }) => ({ name, dataType })),
    rowCount: table.rowCount ?? null,
  };
}

function presentImport(entry: Import): DatasetImport {
  return {
    id: entry.id,
    state: entry.importState,
    datasetId: entry.datasets[0]?.id ?? null,
    error: entry.error ? spanishBiMessage(entry.error.message, refused) : null,
  };
}

/**
 * The latest finished import that made or replaced `datasetId` (imports come newest first), as
 * the Datos page shows a refresh: when it ended and how.
 */
function lastImportOf(imports: readonly Import[], datasetId: string): DatasetRefresh | null {
  const last = imports.find(
    (i) => i.importState !== 'Publishing' && i.datasets.some((d) => d.id === datasetId),
  );
  if (!last) return null;
  return {
    id: 0,
    refreshType: 'ViaApi',
    startTime: last.createdDateTime,
    endTime: last.updatedDateTime,
    status: last.importState === 'Succeeded' ? 'Completed' : 'Failed',
    error: last.error ? last.error.message : null,
  };
}

function presentRefresh(refresh: Refresh): DatasetRefresh {
  return {
    id: refresh.id,
    refreshType: refresh.refreshType,
    startTime: refresh.startTime,
    endTime: refresh.endTime ?? null,
    status: refresh.status,
    error: refresh.serviceExceptionJson ? refreshError(refresh.serviceExceptionJson) : null,
  };
}

/** Power BI's `{"errorCode":…,"errorDescription":…}`, shown as its description. */
function refreshError(json: string): string {
  const exception = serviceExceptionSchema.safeParse(parsedJson(json)).data;
  return `La actualización falló: ${exception?.errorDescription ?? json}`;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
