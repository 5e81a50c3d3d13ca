/**
 * `BI_QUERY_WORKERS=N` (N > 1): N read-only query processes beside the service, which keeps
 * writing, checking tokens and caching results (decision 0308). Each worker gets an equal share
 * of the host's cores for DuckDB, so N of them use what the one process used.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PublishedSnapshots } from '../../../engine/published-snapshots.ts';
import type { PageRunner } from '../query.service.ts';
import { workerPageRunner } from './worker-page-runner.ts';
import { createWorkerPool, type WorkerPool } from './worker-pool.ts';

export interface QueryWorkers extends Pick<WorkerPool, 'workers' | 'resent' | 'close'> {
  runPage: PageRunner;
}

/** `dataDir` holds the published copies (`published/`); `':memory:'`: a temporary directory. */
export function startQueryWorkers(workers: number, dataDir: string): QueryWorkers {
  const inMemory = dataDir === ':memory:';
  const directory = inMemory
    ? mkdtempSync(join(tmpdir(), 'vitrina-published-'))
    : join(dataDir, 'published');
  const threadsEach = Math.max(1, Math.floor(availableParallelism() / workers));
  const pool = createWorkerPool({
    workers,
    threadsEach,
    onRestart: (pid) => console.warn(`A query worker exited; started another (pid ${pid})`),
  });
  const snapshots = new PublishedSnapshots(directory, (file) => pool.forget(file));
  return {
    runPage: workerPageRunner(pool, snapshots),
    workers: () => pool.workers(),
    resent: () => pool.resent(),
    async close() {
      await pool.close();
      if (inMemory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
