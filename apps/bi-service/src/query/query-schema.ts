/**
 * The frame's query body (docs/bi-embed-api.md `Query`), filters in the powerbi-models shapes.
 * Shapes are checked here; names are checked against the dataset when the query is planned.
 */
import { z } from 'zod';

const name = z.string().min(1).max(200);
const aggregation = z.enum(['Sum', 'Avg', 'Min', 'Max', 'Count', 'DistinctCount']);

export const fieldRefSchema = z.union([
  z.object({
    table: name,
    measure: name,
    displayName: z.string().max(200).optional(),
    format: z.string().max(100).optional(),
  }),
  z.object({
    table: name,
    hierarchy: name,
    hierarchyLevel: name,
    displayName: z.string().max(200).optional(),
  }),
  z.object({
    table: name,
    column: name,
    aggregation: aggregation.optional(),
    displayName: z.string().max(200).optional(),
    format: z.string().max(100).optional(),
  }),
]);
export type FieldRef = z.infer<typeof fieldRefSchema>;

const primitive = z.union([z.string().max(1000), z.number(), z.boolean()]);
const filterValue = z.union([primitive, z.null()]);

const conditionOperator = z.enum([
  'None',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'Contains',
  'DoesNotContain',
  'StartsWith',
  'DoesNotStartWith',
  'Is',
  'IsNot',
  'IsBlank',
  'IsNotBlank',
]);
export type ConditionOperator = z.infer<typeof conditionOperator>;

const base = {
  $schema: z.string().optional(),
  target: fieldRefSchema,
  displaySettings: z.unknown().optional(),
};

export const basicFilterSchema = z.object({
  ...base,
  filterType: z.literal(1).optional(),
  operator: z.enum(['In', 'NotIn', 'All']),
  values: z.array(filterValue).max(10_000),
  requireSingleSelection: z.boolean().optional(),
});

export const advancedFilterSchema = z.object({
  ...base,
  filterType: z.literal(0).optional(),
  logicalOperator: z.enum(['And', 'Or']),
  conditions: z
    .array(z.object({ operator: conditionOperator, value: filterValue.optional() }))
    .min(1)
    .max(2),
});

export const relativeDateFilterSchema = z.object({
  ...base,
  filterType: z.literal(4),
  operator: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  timeUnitsCount: z.number().int().min(1).max(10_000),
  timeUnitType: z.number().int().min(0).max(6),
  includeToday: z.boolean(),
});

export const topNFilterSchema = z.object({
  ...base,
  filterType: z.literal(5),
  operator: z.enum(['Top', 'Bottom']),
  itemCount: z.number().int().min(1).max(30_000),
  orderBy: fieldRefSchema,
});

export const includeExcludeFilterSchema = z.object({
  ...base,
  filterType: z.literal(3),
  isExclude: z.boolean(),
  values: z.array(filterValue).max(10_000),
});

/** filterType 0 (Advanced) is falsy in powerbi-models, so Basic and Advanced are also told apart by shape. */
export const filterSchema = z.union([
  relativeDateFilterSchema,
  topNFilterSchema,
  includeExcludeFilterSchema,
  basicFilterSchema,
  advancedFilterSchema,
]);
export type Filter = z.infer<typeof filterSchema>;
export type BasicFilter = z.infer<typeof basicFilterSchema>;
export type AdvancedFilter = z.infer<typeof advancedFilterSchema>;
export type RelativeDateFilter = z.infer<typeof relativeDateFilterSchema>;
export type TopNFilter = z.infer<typeof topNFilterSchema>;
export type IncludeExcludeFilter = z.infer<typeof includeExcludeFilterSchema>;

export const MAX_QUERY_ROWS = 30_000;
export const DEFAULT_QUERY_ROWS = 10_000;

export const querySchema = z.object({
  groupBy: z.array(fieldRefSchema).max(20).default([]),
  measures: z.array(fieldRefSchema).max(40).default([]),
  filters: z.array(filterSchema).max(100).optional(),
  orderBy: z
    .array(z.object({ field: fieldRefSchema, direction: z.union([z.literal(1), z.literal(2)]) }))
    .max(20)
    .optional(),
  limit: z.number().int().min(1).max(MAX_QUERY_ROWS).optional(),
});
export type Query = z.input<typeof querySchema>;
export type ParsedQuery = z.output<typeof querySchema>;

export type ColumnType = 'string' | 'integer' | 'number' | 'date' | 'boolean';
export interface QueryResult {
  columns: { name: string; type: ColumnType; format?: string }[];
  rows: (string | number | boolean | null)[][];
  truncated: boolean;
}
