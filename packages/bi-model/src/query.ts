/** A query over one dataset and its answer (docs/bi-embed-api.md `Query`, `QueryResult`). */
import { SortDirection } from '@vitrina/embed-sdk/protocol';
import { z } from 'zod';
import { MAX_QUERY_ROWS } from './schema-free.ts';
import { dataTypeSchema, datePartSchema, fieldRefSchema } from './fields.ts';
import { filterSchema } from './filters.ts';

export { MAX_QUERY_ROWS };
export const DEFAULT_QUERY_ROWS = 10_000;

export const sortDirectionSchema = z
  .literal([SortDirection.Ascending, SortDirection.Descending])
  .describe('SortDirection: Ascending 1, Descending 2');

export const querySchema = z
  .object({
    groupBy: z.array(fieldRefSchema).max(20).default([]).describe('columns or hierarchy levels'),
    measures: z
      .array(fieldRefSchema)
      .max(40)
      .default([])
      .describe('measures or aggregated columns'),
    filters: z
      .array(filterSchema)
      .max(100)
      .optional()
      .describe('basic, advanced (≤ 2 conditions), relativeDate, topN, includeExclude'),
    orderBy: z
      .array(z.object({ field: fieldRefSchema, direction: sortDirectionSchema }))
      .max(20)
      .optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_QUERY_ROWS)
      .optional()
      .describe('default 10 000, at most 30 000'),
  })
  .meta({ id: 'Query' });
/** A query as sent (lists may be left out). */
export type Query = z.input<typeof querySchema>;
/** A query as the service reads it (lists filled in). */
export type ParsedQuery = z.output<typeof querySchema>;

export const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Cell = z.infer<typeof cellSchema>;

export const queryResultSchema = z
  .object({
    columns: z.array(
      z.object({
        name: z.string(),
        type: dataTypeSchema,
        format: z.string().optional(),
        /** Set when the column is a date level: its numbers are years, quarters, months or days. */
        datePart: datePartSchema.optional(),
      }),
    ),
    rows: z.array(z.array(cellSchema)).describe("dates as 'YYYY-MM-DD'"),
    truncated: z.boolean(),
  })
  .meta({ id: 'QueryResult' });
export type QueryResult = z.infer<typeof queryResultSchema>;
