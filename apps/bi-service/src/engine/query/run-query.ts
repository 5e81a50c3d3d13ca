/** Runs frame queries against a loaded dataset: plan → one statement → rows with column metadata. */
import {
  DEFAULT_QUERY_ROWS,
  MAX_QUERY_ROWS,
  querySchema,
  type Query,
  type QueryResult,
} from '@vitrina/bi-model';
import type { LoadedDataset } from '../registry.ts';
import { planSelect, type PlannedQuery } from './plan-query.ts';
import { planUnderlying } from './plan-underlying.ts';
import type { EffectiveIdentity } from './row-security.ts';

export interface RunOptions {
  identity?: EffectiveIdentity;
  today?: Date;
}

async function execute(
  dataset: LoadedDataset,
  planned: PlannedQuery,
  limit: number,
): Promise<QueryResult> {
  const rows = await dataset.store.query(planned.statement);
  return { columns: planned.columns, rows: rows.slice(0, limit), truncated: rows.length > limit };
}

function context(dataset: LoadedDataset, options: RunOptions) {
  return {
    model: dataset.model,
    today: options.today ?? new Date(),
    ...(options.identity ? { identity: options.identity } : {}),
  };
}

/** Runs a visual's query; one more row than the limit is fetched to tell whether it was cut. */
export async function runQuery(
  dataset: LoadedDataset,
  query: Query,
  options: RunOptions = {},
): Promise<QueryResult> {
  const parsed = querySchema.parse(query);
  const limit = parsed.limit ?? DEFAULT_QUERY_ROWS;
  return execute(dataset, planSelect(context(dataset, options), parsed, limit + 1), limit);
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
  return execute(dataset, planUnderlying(context(dataset, options), parsed, limit + 1), limit);
}
