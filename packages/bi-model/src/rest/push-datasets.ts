/**
 * Power BI push datasets, in the REST dialect's own shapes (PostDataset, GetTables, PutTable,
 * PostRows): what a caller sends to fill a dataset of the bundled BI service and what it gets back.
 */
import { z } from 'zod';
import { datasetRoleListSchema } from './roles.ts';

/**
 * Power BI's column types (the service accepts any letter case, as Power BI does). `Date` is a
 * Vitrina extension, Power BI's model type "Fecha" (a day without time), kept apart from
 * `DateTime`, which keeps the time of day (decision 0244).
 */
export const pushDataTypes = [
  'Int64',
  'Double',
  'Decimal',
  'Boolean',
  'Date',
  'DateTime',
  'String',
] as const;
export const pushDataTypeSchema = z
  .codec(z.string(), z.enum(pushDataTypes), {
    // Unknown names go through unchanged, so the enum names them in its error.
    decode: (value) =>
      pushDataTypes.find((type) => type.toLowerCase() === value.toLowerCase()) ??
      (value as (typeof pushDataTypes)[number]),
    encode: (value) => value,
  })
  .meta({ id: 'PushDataType' });
export type PushDataType = (typeof pushDataTypes)[number];

const objectName = z.string().trim().min(1).max(100);

export const pushColumnSchema = z.object({
  name: objectName,
  dataType: pushDataTypeSchema,
  formatString: z.string().max(100).optional(),
});

export const pushMeasureSchema = z.object({
  name: objectName,
  /** A DAX aggregate such as `SUM(Ventas[Importe])` (the service's measure language). */
  expression: z.string().min(1).max(4000),
  formatString: z.string().max(100).optional(),
});

export const pushTableSchema = z
  .object({
    name: objectName,
    columns: z.array(pushColumnSchema).min(1).max(500),
    measures: z.array(pushMeasureSchema).max(500).optional(),
  })
  .meta({ id: 'PushTable' });
export type PushTable = z.infer<typeof pushTableSchema>;

/** Many rows of `fromTable` point at one row of `toTable`. */
export const pushRelationshipSchema = z.object({
  name: objectName,
  fromTable: objectName,
  fromColumn: objectName,
  toTable: objectName,
  toColumn: objectName,
  crossFilteringBehavior: z.enum(['OneDirection', 'BothDirections', 'Automatic']).optional(),
});
export type PushRelationship = z.infer<typeof pushRelationshipSchema>;

export const pushDatasetRequestSchema = z
  .object({
    name: objectName,
    defaultMode: z.enum(['Push', 'Streaming', 'PushStreaming', 'AsAzure', 'AsOnPrem']).optional(),
    tables: z.array(pushTableSchema).min(1).max(75),
    relationships: z.array(pushRelationshipSchema).max(500).optional(),
    /** Vitrina extension: row-level-security roles (Power BI declares them in the model). */
    roles: datasetRoleListSchema.optional(),
  })
  .meta({ id: 'PushDatasetRequest' });
export type PushDatasetRequest = z.infer<typeof pushDatasetRequestSchema>;

export const retentionPolicySchema = z.enum(['None', 'basicFIFO']);
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

/** PostDataset's answer. */
export const pushDatasetCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  defaultRetentionPolicy: retentionPolicySchema,
});

/** At most 10,000 rows a PostRows call, as in Power BI. */
export const MAX_ROWS_PER_CALL = 10_000;
export const pushCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const postRowsRequestSchema = z
  .object({
    rows: z
      .array(z.record(z.string(), pushCellSchema))
      .max(MAX_ROWS_PER_CALL, `At most ${MAX_ROWS_PER_CALL} rows per call`),
  })
  .meta({ id: 'PostRowsRequest' });
export type PostRowsRequest = z.infer<typeof postRowsRequestSchema>;

/**
 * A table as GetTables lists it. `rowCount` is a Vitrina extension (Power BI's GetTables has no
 * count): how many rows the table holds now. The bundled service always sends it.
 */
export const listedTableSchema = pushTableSchema
  .extend({ rowCount: z.number().int().nonnegative().optional() })
  .meta({ id: 'ListedTable' });
export type ListedTable = z.infer<typeof listedTableSchema>;

/** GetTables' answer: the tables with their columns, measures and row counts. */
export const pushTablesSchema = z.object({ value: z.array(listedTableSchema) });
