/**
 * Power BI's `POST …/datasets/{id}/executeQueries`: DAX queries over a dataset, answered as rows
 * keyed `Table[Column]`. The bundled service reads one query of the form
 * `EVALUATE TOPN(n, 'Table')`, the first rows of a table as stored (decision 0244).
 */
import { z } from 'zod';
import { pushCellSchema } from './push-datasets.ts';

export const executeQueriesRequestSchema = z
  .object({
    queries: z.array(z.object({ query: z.string().min(1).max(4000) })).length(1),
    serializerSettings: z.object({ includeNulls: z.boolean().optional() }).optional(),
  })
  .meta({ id: 'ExecuteQueriesRequest' });
export type ExecuteQueriesRequest = z.infer<typeof executeQueriesRequestSchema>;

export const executeQueriesAnswerSchema = z
  .object({
    results: z.array(
      z.object({
        tables: z.array(z.object({ rows: z.array(z.record(z.string(), pushCellSchema)) })),
      }),
    ),
  })
  .meta({ id: 'ExecuteQueriesAnswer' });
export type ExecuteQueriesAnswer = z.infer<typeof executeQueriesAnswerSchema>;

/** The DAX asking for a table's first `rows` rows, its name quoted as DAX quotes it. */
export const firstRowsQuery = (table: string, rows: number) =>
  `EVALUATE TOPN(${rows}, '${table.replaceAll("'", "''")}')`;

/** The key of `column` of `table` in a row of the answer. */
export const executeQueriesKey = (table: string, column: string) => `${table}[${column}]`;
