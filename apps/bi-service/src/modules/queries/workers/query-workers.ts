/**
 * Query workers (decision 0308): with `BI_QUERY_WORKERS=N` (N > 1), N read-only processes forked
 * beside the service, each with an equal share of the host's cores for DuckDB, so N of them use
 * what the one process used; with `BI_REMOTE_WORKERS`, worker servers on other machines that
 * read the same published copies from a shared mount. The service keeps writing, checking
 * tokens and grants, and caching results; workers only run pages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PublishedSnapshots } from '../../../engine/published-snapshots.ts';
import type { DatasetSource } from '../../../engine/registry.ts';
import type { PageRunner } from '../query.service.ts';
import { forkedWorker, remoteWorker, type WorkerChannel } from './worker-channels.ts';
import { workerPageRunner } from './worker-page-runner.ts';
import { createWorkerPool, type WorkerPool } from './worker-pool.ts';

export interface QueryWorkers extends Pick<WorkerPool, 'workers' | 'resent' | 'close'> {
  runPage: PageRunner;
  /**
   * Copies every dataset `source` lists, one after another, so that the first page of each
   * after a start does not wait for its copy (1.5 s for the demo's 1 M sales rows).
   */
  prepare(source: DatasetSource): Promise<void>;
}

export interface QueryWorkerSettings {
  /** Forked workers (0: none). */
  forked: number;
  /** Worker servers' URLs. */
  remote: readonly string[];
  /** The secret the worker servers expect. */
  secret: string | undefined;
}

const forkedEntry = new URL('./query-worker.ts', import.meta.url);

/** `dataDir` holds the published copies (`published/`); `':memory:'`: a temporary directory. */
export function startQueryWorkers(settings: QueryWorkerSettings, dataDir: string): QueryWorkers {
  const inMemory = dataDir === ':memory:';
  const directory = inMemory
    ? mkdtempSync(join(tmpdir(), 'vitrina-published-'))
    : join(dataDir, 'published');
  const threadsEach = Math.max(
    1,
    Math.floor(availableParallelism() / Math.max(1, settings.forked)),
  );
  const pool = createWorkerPool((ready) => {
    const channels: WorkerChannel[] = Array.from({ length: settings.forked }, () =>
      forkedWorker({
        entry: forkedEntry,
        env: {
          ...process.env,
          BI_PUBLISHED_DIR: directory,
          BI_WORKER_THREADS: String(threadsEach),
        },
        onReady: ready,
        onRestart: (pid) => console.warn(`A query worker exited; started another (pid ${pid})`),
      }),
    );
    for (const url of settings.remote) {
      channels.push(remoteWorker({ url, secret: settings.secret!, onReady: ready }));
    }
    return channels;
  });
  const snapshots = new PublishedSnapshots(directory, (name) => pool.forget(name));
  return {
    runPage: workerPageRunner(pool, snapshots),
    workers: () => pool.workers(),
    resent: () => pool.resent(),
    async prepare(source) {
      const stores = new Set((source.ids?.() ?? []).map((id) => source.get?.(id)?.store));
      for (const store of stores) if (store) (await snapshots.lease(store)).release();
    },
    async close() {
      await pool.close();
      if (inMemory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
