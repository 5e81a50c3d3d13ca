import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { accountsRepository } from './accounts.repository.ts';
import { buildSnapshot, type ContentSnapshot } from './content-snapshot.ts';

/**
 * Keeps the content snapshot in memory (decision 0024): the portal's own writes (sync, account
 * changes) call `invalidate()`, and a snapshot older than `maxAgeMs` is reloaded anyway, so
 * another portal process sharing a PostgreSQL database catches up within that time.
 */
export function createContentCache(deps: {
  db: Kysely<Database>;
  now: () => number;
  maxAgeMs?: number;
}) {
  const maxAgeMs = deps.maxAgeMs ?? 60_000;
  let current: { snapshot: ContentSnapshot; loadedAt: number; generation: number } | undefined;
  let loading: { promise: Promise<ContentSnapshot>; generation: number } | undefined;
  let generation = 0;

  function load(): Promise<ContentSnapshot> {
    const started = generation;
    const promise = accountsRepository
      .listAllContent(deps.db)
      .then((rows) => {
        const snapshot = buildSnapshot(rows);
        // A write that landed while loading makes this snapshot stale: only this caller gets it.
        if (started === generation)
          current = { snapshot, loadedAt: deps.now(), generation: started };
        return snapshot;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = undefined;
      });
    loading = { promise, generation: started };
    return promise;
  }

  const cache = {
    get(): Promise<ContentSnapshot> {
      if (
        current &&
        current.generation === generation &&
        deps.now() - current.loadedAt < maxAgeMs
      ) {
        return Promise.resolve(current.snapshot);
      }
      // Concurrent misses share one load.
      if (loading && loading.generation === generation) return loading.promise;
      return load();
    },

    /**
     * For a lookup that missed: reloads when the database holds reports newer than `snapshot`
     * (one cheap query), so content added by another process is found without waiting.
     */
    async refreshIfChanged(snapshot: ContentSnapshot): Promise<ContentSnapshot> {
      if ((await accountsRepository.latestReportId(deps.db)) === snapshot.latestReportId)
        return snapshot;
      cache.invalidate();
      return cache.get();
    },

    invalidate(): void {
      generation += 1;
    },
  };
  return cache;
}
