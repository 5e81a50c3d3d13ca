/**
 * A page's queries in one call (docs/bi-embed-api.md `QueryBatchRequest`, `QueryBatchLine`): the
 * service answers with one NDJSON line per query, in the order the queries finish, so the frame
 * draws each visual as soon as its own rows arrive.
 */
import { z } from 'zod';
import { querySchema, queryResultSchema } from './query.ts';

/** A report page holds at most a few dozen visuals, each with one or two queries. */
export const MAX_BATCH_QUERIES = 100;

export const queryBatchRequestSchema = z
  .object({ queries: z.array(querySchema).min(1).max(MAX_BATCH_QUERIES) })
  .meta({ id: 'QueryBatchRequest' });
export type QueryBatchRequest = z.input<typeof queryBatchRequestSchema>;

/** One line of the answer: the query's position in the request and its rows, or its error. */
export const queryBatchLineSchema = z
  .union([
    z.object({ index: z.number().int().min(0), result: queryResultSchema }),
    z.object({
      index: z.number().int().min(0),
      error: z.object({ code: z.string(), message: z.string() }),
    }),
  ])
  .meta({ id: 'QueryBatchLine' });
export type QueryBatchLine = z.infer<typeof queryBatchLineSchema>;
