/**
 * Field references: a column (optionally aggregated), a measure or a hierarchy level of a
 * dataset table. Names are checked here for shape only; the BI service checks them against the
 * dataset when it plans a query.
 */
import { z } from 'zod';
import { DATE_PARTS } from './schema-free-editor.ts';
import { dataTypes } from './schema-free.ts';

const nameSchema = z.string().min(1).max(200);

export const dataTypeSchema = z.enum(dataTypes).meta({ id: 'DataType' });
export { isDateType, type DataType } from './schema-free.ts';

export const aggregationSchema = z
  .enum(['Sum', 'Avg', 'Min', 'Max', 'Count', 'DistinctCount'])
  .meta({ id: 'Aggregation' });
export type Aggregation = z.infer<typeof aggregationSchema>;

/**
 * A level of a date column's automatic hierarchy (Power BI's auto date/time: Año > Trimestre >
 * Mes > Día). A column reference with one groups by that part of the date (decision 0235).
 */
export const datePartSchema = z.enum(DATE_PARTS).meta({ id: 'DatePart' });
export type DatePart = z.infer<typeof datePartSchema>;
export { DATE_PARTS } from './schema-free-editor.ts';

const displayName = z.string().max(200).optional();
const format = z.string().max(100).optional();

const measureRefSchema = z.object({
  table: nameSchema,
  measure: nameSchema,
  displayName,
  format,
});
const hierarchyLevelRefSchema = z.object({
  table: nameSchema,
  hierarchy: nameSchema,
  hierarchyLevel: nameSchema,
  displayName,
});
const columnRefSchema = z.object({
  table: nameSchema,
  column: nameSchema,
  aggregation: aggregationSchema.optional(),
  datePart: datePartSchema.optional(),
  displayName,
  format,
});

/** Measure first: an object naming both a measure and a column is read as the measure. */
export const fieldRefSchema = z
  .union([measureRefSchema, hierarchyLevelRefSchema, columnRefSchema])
  .meta({ id: 'FieldRef' });
export type FieldRef = z.infer<typeof fieldRefSchema>;
