/**
 * A read-only query worker (`BI_QUERY_WORKERS`, decision 0308): a process the BI service forks,
 * which opens published copies of datasets read-only and runs pages' queries on them with the
 * same planner and row-level security as the service itself. `BI_WORKER_THREADS` is its share of
 * the cores, so N workers do not ask for N times the cores one process already uses.
 */
import { DatasetModel } from '../../../engine/dataset-model.ts';
import { DatasetStore } from '../../../engine/dataset-store.ts';
import { QueryError } from '../../../engine/query-error.ts';
import { runQueries } from '../../../engine/query/run-page.ts';
import type { PageAnswer, PageJob, QueryOutcome, ToWorker } from './worker-messages.ts';

const threads = process.env['BI_WORKER_THREADS'] ?? '1';

/** Copies opened by file, and the models planned on each (by dataset id). */
const copies = new Map<string, Promise<DatasetStore>>();
const models = new Map<string, DatasetModel>();

function copyOf(job: PageJob): Promise<DatasetStore> {
  let store = copies.get(job.file);
  if (!store) {
    store = DatasetStore.open(job.definition, job.file, { access_mode: 'READ_ONLY', threads });
    copies.set(job.file, store);
    // A copy that failed to open is tried again by the next page, not remembered broken.
    store.catch(() => copies.delete(job.file));
  }
  return store;
}

function modelOf(job: PageJob): DatasetModel {
  const key = `${job.file}\u0000${job.datasetId}`;
  let model = models.get(key);
  if (!model) {
    model = new DatasetModel(job.definition);
    models.set(key, model);
  }
  return model;
}

function outcomeOf(settled: PromiseSettledResult<QueryOutcome & object>): QueryOutcome {
  if (settled.status === 'fulfilled') return settled.value;
  const error: unknown = settled.reason;
  const message = error instanceof Error ? error.message : String(error);
  return { error: { message, kind: error instanceof QueryError ? 'query' : 'failure' } };
}

async function runPage(job: PageJob): Promise<PageAnswer> {
  try {
    const store = await copyOf(job);
    const dataset = { model: modelOf(job), store, version: 0 };
    const options = { today: new Date(job.today), ...(job.identity && { identity: job.identity }) };
    const running = runQueries(dataset, job.queries, options).map((answer) =>
      answer.then((result) => ({ result })),
    );
    return { id: job.id, outcomes: (await Promise.allSettled(running)).map(outcomeOf) };
  } catch (error) {
    const failed = outcomeOf({ status: 'rejected', reason: error });
    return { id: job.id, outcomes: job.queries.map(() => failed) };
  }
}

async function forget(file: string): Promise<void> {
  const store = copies.get(file);
  copies.delete(file);
  for (const key of models.keys()) if (key.startsWith(`${file}\u0000`)) models.delete(key);
  (await store?.catch(() => undefined))?.close();
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'forget') void forget(message.file);
  else void runPage(message).then((answer) => process.send!(answer));
});
// The front going away (even killed) closes the channel: the worker has no one to answer.
process.on('disconnect', () => process.exit(0));
