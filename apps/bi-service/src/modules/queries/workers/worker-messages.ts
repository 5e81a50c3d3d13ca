/**
 * What the BI service and its query workers say to each other over the IPC channel (decision
 * 0308). The front has checked the token, the grants and the identity; a worker only runs a
 * page's cache misses on one published copy, so it never sees a token.
 */
import type { ParsedQuery, QueryResult } from '@vitrina/bi-model';
import type { DatasetDefinition } from '../../../engine/model.ts';
import type { EffectiveIdentity } from '../../../engine/query/row-security.ts';

/** A page's misses, to run together on one copy (one version per page). */
export interface PageJob {
  type: 'page';
  id: number;
  /** The published copy to read: its name in the published directory (`PublishedSnapshots`). */
  copy: string;
  datasetId: string;
  /** The model the queries are planned on (a copy may serve several, as the sales data does). */
  definition: DatasetDefinition;
  identity?: EffectiveIdentity;
  /** The day relative dates are counted from, as the front's clock reads it (ISO). */
  today: string;
  queries: ParsedQuery[];
}

/** A copy no page reads any more: a worker closes it before the front removes the file. */
export interface ForgetCopy {
  type: 'forget';
  copy: string;
}

export type ToWorker = PageJob | ForgetCopy;

/** One query's answer, or the error it met (`query`: the caller's mistake, a 400 line). */
export type QueryOutcome =
  { result: QueryResult } | { error: { message: string; kind: 'query' | 'failure' } };

export interface PageAnswer {
  id: number;
  outcomes: QueryOutcome[];
  /**
   * Set when the copy could not be opened here (not there yet on a shared mount, say): the
   * page is not answered, and goes to another worker.
   */
  unopened?: string;
}
