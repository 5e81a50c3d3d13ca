/**
 * Field references: a column (optionally aggregated), a measure or a hierarchy level of a
 * dataset table. Names are checked here for shape only; the BI service checks them against the
 * dataset when it plans a query.
 */
import { z } from 'zod';

const nameSchema = z.string().min(1).max(200);

/** `date` is a day (DuckDB `DATE`); `datetime` a day and a time of day (`TIMESTAMP`). */
export const dataTypeSchema = z
  .enum(['string', 'integer', 'number', 'date', 'datetime', 'boolean'])
  .meta({ id: 'DataType' });
export type DataType = z.infer<typeof dataTypeSchema>;
/** Both date types: the date hierarchy, date filters and date slicers take either. */
export const isDateType = (type: DataType | undefined): boolean =>
  type === 'date' || type === 'datetime';

export const aggregationSchema = z
  .enum(['Sum', 'Avg', 'Min', 'Max', 'Count', 'DistinctCount'])
  .meta({ id: 'Aggregation' });
export type Aggregation = z.infer<typeof aggregationSchema>;

/**
 * A level of a date column's automatic hierarchy (Power BI's auto date/time: Año > Trimestre >
 * Mes > Día). A column reference with one groups by that part of the date (decision 0235).
 */
export const datePartSchema = z.enum(['year', 'quarter', 'month', 'day']).meta({ id: 'DatePart' });
export type DatePart = z.infer<typeof datePartSchema>;
/** The levels from the top, in drill order. */
export const DATE_PARTS = datePartSchema.options;

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
