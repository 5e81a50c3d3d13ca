/**
 * A page's queries run on a query worker (decision 0308): the page leases one published copy at
 * least as new as the store's version now (the result cache's key), so all its answers come from
 * one version, and the copy is held until they are in.
 */
import type { QueryResult } from '@vitrina/bi-model';
import { QueryError } from '../../../engine/query-error.ts';
import type { PublishedSnapshots } from '../../../engine/published-snapshots.ts';
import type { PageRunner } from '../query.service.ts';
import type { QueryOutcome } from './worker-messages.ts';
import type { WorkerPool } from './worker-pool.ts';

/** A worker's outcome as the in-process run gives it: the rows, or the same kind of error. */
function resultOf(outcome: QueryOutcome): QueryResult {
  if ('result' in outcome) return outcome.result;
  const { message, kind } = outcome.error;
  throw kind === 'query' ? new QueryError(message) : new Error(message);
}

export function workerPageRunner(pool: WorkerPool, snapshots: PublishedSnapshots): PageRunner {
  return (dataset, queries, options) => {
    if (queries.length === 0) return [];
    const atLeast = dataset.store.version;
    const answer = (async () => {
      const copy = await snapshots.lease(dataset.store, atLeast);
      try {
        return await pool.run({
          copy: copy.name,
          datasetId: dataset.model.definition.id,
          definition: dataset.model.definition,
          ...(options.identity && { identity: options.identity }),
          today: (options.today ?? new Date()).toISOString(),
          queries: [...queries],
        });
      } finally {
        copy.release();
      }
    })();
    return queries.map((_, index) => answer.then(({ outcomes }) => resultOf(outcomes[index]!)));
  };
}
