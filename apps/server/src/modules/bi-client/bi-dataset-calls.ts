import {
  datasetSchema,
  executeQueriesAnswerSchema,
  firstRowsQuery,
  importCreatedSchema,
  importListSchema,
  importSchema,
  pushTableSchema,
  pushTablesSchema,
  refreshSchema,
  valueListOf,
  type ExecuteQueriesRequest,
  type NameConflict,
  type PushTable,
  type RefreshRequest,
} from '@vitrina/bi-model/rest';
import { datasetPath, groupPath } from './bi-paths.ts';
import { noAnswer, type BiCall, type BiStreamBody } from './bi-requester.ts';
import type { BiCredentials } from './bi-token-provider.ts';

/** An upload replaces the dataset of the same name it made before, or creates it. */
const uploadConflict: NameConflict = 'CreateOrOverwrite';

/** A workspace's datasets and the Datos page's work on them: imports, tables, refreshes. */
export function datasetCalls(call: BiCall) {
  return {
    async listDatasets(credentials: BiCredentials, workspaceId: string) {
      const datasets = await call(credentials, {
        method: 'GET',
        path: `${groupPath(workspaceId)}/datasets`,
        answer: valueListOf(datasetSchema),
      });
      return datasets.value;
    },

    async listTables(credentials: BiCredentials, workspaceId: string, datasetId: string) {
      const tables = await call(credentials, {
        method: 'GET',
        path: `${datasetPath(workspaceId, datasetId)}/tables`,
        answer: pushTablesSchema,
      });
      return tables.value;
    },

    /** The latest `top` refreshes, newest first. */
    async listRefreshes(
      credentials: BiCredentials,
      workspaceId: string,
      datasetId: string,
      top: number,
    ) {
      const refreshes = await call(credentials, {
        method: 'GET',
        path: `${datasetPath(workspaceId, datasetId)}/refreshes?$top=${top}`,
        answer: valueListOf(refreshSchema),
      });
      return refreshes.value;
    },

    /** Streams a file to the Imports API as dataset `datasetName`; answers the import's id. */
    async importFile(
      credentials: BiCredentials,
      workspaceId: string,
      upload: { datasetName: string; file: BiStreamBody },
    ) {
      const name = encodeURIComponent(upload.datasetName);
      const created = await call(credentials, {
        method: 'POST',
        path: `${groupPath(workspaceId)}/imports?datasetDisplayName=${name}&nameConflict=${uploadConflict}`,
        body: upload.file,
        answer: importCreatedSchema,
      });
      return created.id;
    },

    /** The workspace's imports, newest first. */
    async listImports(credentials: BiCredentials, workspaceId: string) {
      const imports = await call(credentials, {
        method: 'GET',
        path: `${groupPath(workspaceId)}/imports`,
        answer: importListSchema,
      });
      return imports.value;
    },

    getImport(credentials: BiCredentials, workspaceId: string, importId: string) {
      return call(credentials, {
        method: 'GET',
        path: `${groupPath(workspaceId)}/imports/${encodeURIComponent(importId)}`,
        answer: importSchema,
      });
    },

    /** ExecuteQueries: a table's first `rows` rows (the Datos page's preview of an upload). */
    async firstRows(
      credentials: BiCredentials,
      workspaceId: string,
      datasetId: string,
      table: string,
      rows: number,
    ) {
      const body: ExecuteQueriesRequest = {
        queries: [{ query: firstRowsQuery(table, rows) }],
        serializerSettings: { includeNulls: true },
      };
      const answer = await call(credentials, {
        method: 'POST',
        path: `${datasetPath(workspaceId, datasetId)}/executeQueries`,
        body,
        answer: executeQueriesAnswerSchema,
      });
      return answer.results[0]?.tables[0]?.rows ?? [];
    },

    /** PutTable: the table with new columns (the Datos page corrects their types). */
    putTable(credentials: BiCredentials, workspaceId: string, datasetId: string, table: PushTable) {
      return call(credentials, {
        method: 'PUT',
        path: `${datasetPath(workspaceId, datasetId)}/tables/${encodeURIComponent(table.name)}`,
        body: table,
        answer: pushTableSchema,
      });
    },

    async refreshDataset(credentials: BiCredentials, workspaceId: string, datasetId: string) {
      const body: RefreshRequest = {};
      await call(credentials, {
        method: 'POST',
        path: `${datasetPath(workspaceId, datasetId)}/refreshes`,
        body,
        answer: noAnswer,
      });
    },

    async deleteDataset(credentials: BiCredentials, workspaceId: string, datasetId: string) {
      await call(credentials, {
        method: 'DELETE',
        path: datasetPath(workspaceId, datasetId),
        answer: noAnswer,
      });
    },
  };
}
