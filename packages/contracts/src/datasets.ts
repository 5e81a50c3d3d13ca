import { importStateSchema, pushCellSchema, pushDataTypes } from '@vitrina/bi-model/rest';
import { z } from 'zod';
import { biGuidParam, idParam, opaqueId } from './fields.ts';

/**
 * The "Datos" page (administrators only, beyond the portal spec): the datasets of a workspace,
 * file uploads into them, type corrections, refreshes and deletion, through the BI service.
 */

/** Path `datasets/account/{id}/workspace/{workspaceId}`. */
export const datasetsWorkspaceParamsSchema = z.object({ id: idParam, workspaceId: biGuidParam });
/** Path `…/dataset/{datasetId}`. */
export const datasetParamsSchema = datasetsWorkspaceParamsSchema.extend({ datasetId: biGuidParam });
/** Path `…/dataset/{datasetId}/table/{table}`. */
export const datasetTableParamsSchema = datasetParamsSchema.extend({ table: opaqueId });
/** Path `…/import/{importId}`. */
export const datasetImportParamsSchema = datasetsWorkspaceParamsSchema.extend({
  importId: biGuidParam,
});

/** The column types of the BI service's tables: Power BI's push types. */
export const columnTypeSchema = z.enum(pushDataTypes, {
  error: 'El tipo de la columna no es válido.',
});
export type ColumnType = z.infer<typeof columnTypeSchema>;

export const datasetColumnSchema = z.object({ name: z.string(), dataType: columnTypeSchema });
export type DatasetColumn = z.infer<typeof datasetColumnSchema>;

export const datasetTableSchema = z.object({
  name: z.string(),
  columns: z.array(datasetColumnSchema),
  /** How many rows the table holds; null when the BI service does not say (Power BI does not). */
  rowCount: z.number().int().nonnegative().nullable(),
});
export type DatasetTable = z.infer<typeof datasetTableSchema>;

/** How the portal fills a dataset: an uploaded file, the push API or a refreshable (PostgreSQL) source. */
export const datasetSourceSchema = z.enum(['archivo', 'push', 'origen']);
export type DatasetSource = z.infer<typeof datasetSourceSchema>;

export const datasetRefreshSchema = z.object({
  id: z.number(),
  refreshType: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  status: z.string(),
  /** Spanish, when the refresh failed. */
  error: z.string().nullable(),
});
export type DatasetRefresh = z.infer<typeof datasetRefreshSchema>;
export const datasetRefreshListSchema = z.array(datasetRefreshSchema);

export const datasetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** null: a model the BI service declares itself, which the portal does not change. */
  source: datasetSourceSchema.nullable(),
  refreshable: z.boolean(),
  /** Empty for the BI service's own model datasets, whose tables are not editable. */
  tables: z.array(datasetTableSchema),
  lastRefresh: datasetRefreshSchema.nullable(),
});
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;
export const datasetSummaryListSchema = z.array(datasetSummarySchema);

/** Query of the upload: the dataset's name and the file's (its extension picks the reader). */
export const datasetUploadQuerySchema = z.object({
  name: z
    .string({ error: 'El nombre del conjunto de datos es obligatorio.' })
    .trim()
    .min(1, 'El nombre del conjunto de datos es obligatorio.')
    .max(100, 'El nombre del conjunto de datos admite hasta 100 caracteres.'),
  fileName: z
    .string({ error: 'El nombre del archivo es obligatorio.' })
    .regex(/\.(csv|txt|xlsx|parquet)$/i, 'El archivo debe ser CSV, TXT, XLSX o Parquet.'),
});
export type DatasetUploadQuery = z.infer<typeof datasetUploadQuerySchema>;

/** An import as the BI service reports it; `error` is Spanish, naming row and column. */
export const datasetImportSchema = z.object({
  id: z.string(),
  state: importStateSchema,
  datasetId: z.string().nullable(),
  error: z.string().nullable(),
});
export type DatasetImport = z.infer<typeof datasetImportSchema>;

/**
 * The types a column can be set to on the Datos page: each one the BI service stores as such.
 * Power BI's fixed decimal (`Decimal`) is not offered: the bundled service keeps it as `Double`,
 * so choosing it changed nothing (decision 0236).
 */
export const settableColumnTypeSchema = columnTypeSchema.exclude(['Decimal'], {
  error: 'El tipo de la columna no es válido.',
});

/** `PUT …/table/{table}`: the same columns with corrected types. */
export const tableTypesRequestSchema = z.object({
  columns: z
    .array(z.object({ name: z.string(), dataType: settableColumnTypeSchema }))
    .min(1, 'La tabla debe tener al menos una columna.'),
});
export type TableTypesRequest = z.infer<typeof tableTypesRequestSchema>;

/** How many parsed rows the type review shows before the types are confirmed. */
export const previewRowCount = 10;

/**
 * `GET …/table/{table}/preview`: the table's columns with their stored types and its first rows
 * as parsed (cells in column order; a date `aaaa-mm-dd`, a date and time `aaaa-mm-ddThh:mm:ss`).
 */
export const tablePreviewSchema = z.object({
  columns: z.array(datasetColumnSchema),
  rows: z.array(z.array(pushCellSchema)),
});
export type TablePreview = z.infer<typeof tablePreviewSchema>;

/** `POST …/refresh` takes an empty JSON object (a POST with a JSON body, as every write). */
export const refreshNowRequestSchema = z.object({}).strict();

/** Largest file the portal accepts for an upload (bytes). */
export const maxDatasetUploadBytes = 50 * 1024 * 1024;
