/**
 * What a query worker does, whether forked beside the service or on another machine (decision
 * 0308): runs a page's queries on a published copy, opened read-only with the worker's share of
 * the cores, with the same planner and row-level security as the service itself.
 */
import { join } from 'node:path';
import { DatasetModel } from '../../../engine/dataset-model.ts';
import { DatasetStore } from '../../../engine/dataset-store.ts';
import { QueryError } from '../../../engine/query-error.ts';
import { runQueries } from '../../../engine/query/run-page.ts';
import type { PageAnswer, PageJob, QueryOutcome } from './worker-messages.ts';

export interface PageExecutor {
  run(job: PageJob): Promise<PageAnswer>;
  /** Closes a copy no page reads any more. */
  forget(name: string): Promise<void>;
}

function outcomeOf(settled: PromiseSettledResult<QueryOutcome>): QueryOutcome {
  if (settled.status === 'fulfilled') return settled.value;
  const error: unknown = settled.reason;
  const message = error instanceof Error ? error.message : String(error);
  return { error: { message, kind: error instanceof QueryError ? 'query' : 'failure' } };
}

/** `directory`: where this worker finds the published copies a job names. */
export function createPageExecutor(directory: string, threads: number): PageExecutor {
  /** Copies opened by name, and the models planned on each (by dataset id). */
  const copies = new Map<string, Promise<DatasetStore>>();
  const models = new Map<string, DatasetModel>();

  function copyOf(job: PageJob): Promise<DatasetStore> {
    let store = copies.get(job.copy);
    if (!store) {
      store = DatasetStore.open(job.definition, join(directory, job.copy), {
        access_mode: 'READ_ONLY',
        threads: String(threads),
      });
      copies.set(job.copy, store);
      // A copy that failed to open is tried again by the next page, not remembered broken.
      store.catch(() => copies.delete(job.copy));
    }
    return store;
  }

  function modelOf(job: PageJob): DatasetModel {
    const key = `${job.copy}\u0000${job.datasetId}`;
    let model = models.get(key);
    if (!model) {
      model = new DatasetModel(job.definition);
      models.set(key, model);
    }
    return model;
  }

  return {
    async run(job) {
      let store: DatasetStore;
      try {
        store = await copyOf(job);
      } catch (error) {
        return { id: job.id, outcomes: [], unopened: String(error) };
      }
      try {
        const dataset = { model: modelOf(job), store, version: 0 };
        const options = {
          today: new Date(job.today),
          ...(job.identity && { identity: job.identity }),
        };
        const running = runQueries(dataset, job.queries, options).map((answer) =>
          answer.then((result): QueryOutcome => ({ result })),
        );
        return { id: job.id, outcomes: (await Promise.allSettled(running)).map(outcomeOf) };
      } catch (error) {
        const failed = outcomeOf({ status: 'rejected', reason: error });
        return { id: job.id, outcomes: job.queries.map(() => failed) };
      }
    },

    async forget(name) {
      const store = copies.get(name);
      copies.delete(name);
      for (const key of models.keys()) if (key.startsWith(`${name}\u0000`)) models.delete(key);
      (await store?.catch(() => undefined))?.close();
    },
  };
}
