/** Runs frame queries against a loaded dataset: plan → one statement → rows with column metadata. */
import { MAX_QUERY_ROWS, querySchema, type Query, type QueryResult } from '@vitrina/bi-model';
import type { LoadedDataset } from '../registry.ts';
import { planUnderlying } from './plan-underlying.ts';
import { queryContext, runQueries, type RunOptions } from './run-page.ts';

/** Runs a visual's query: a page of one (run-page.ts). */
export async function runQuery(
  dataset: LoadedDataset,
  query: Query,
  options: RunOptions = {},
): Promise<QueryResult> {
  return runQueries(dataset, [querySchema.parse(query)], options)[0]!;
}

/** The fact rows behind a visual (export of underlying data), under the same filters. */
export async function runUnderlying(
  dataset: LoadedDataset,
  query: Query,
  rows: number,
  options: RunOptions = {},
): Promise<QueryResult> {
  const parsed = querySchema.parse(query);
  const limit = Math.min(rows, MAX_QUERY_ROWS);
  const planned = planUnderlying(queryContext(dataset, options), parsed, limit + 1);
  const found = await dataset.store.query(planned.statement);
  return { columns: planned.columns, rows: found.slice(0, limit), truncated: found.length > limit };
}
