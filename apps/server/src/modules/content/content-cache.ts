import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createLoadingCache } from '../../lib/loading-cache.ts';
import { buildSnapshot, type ContentSnapshot } from './content-snapshot.ts';
import { snapshotRepository } from './snapshot.repository.ts';

const snapshotKey = 'snapshot';

/**
 * Keeps the content snapshot in memory (decision 0024): the portal's own writes (sync, account
 * changes) call `invalidate()`, and a snapshot older than `maxAgeMs` is reloaded anyway, so
 * another portal process sharing a PostgreSQL database catches up within that time. Concurrent
 * misses share one load; a snapshot that was loading when content changed is not kept.
 */
export function createContentCache(deps: {
  db: Kysely<Database>;
  now: () => number;
  maxAgeMs?: number;
}) {
  const maxAgeMs = deps.maxAgeMs ?? 60_000;
  const snapshots = createLoadingCache<typeof snapshotKey, ContentSnapshot, undefined>({
    max: 1,
    now: deps.now,
    ttlOf: () => maxAgeMs,
    load: async () => buildSnapshot(await snapshotRepository.listAllContent(deps.db)),
  });
  const cache = {
    get: (): Promise<ContentSnapshot> => snapshots.get(snapshotKey, undefined),
    /**
     * For a lookup that missed: reloads when the database holds reports newer than `snapshot`
     * (one cheap query), so content added by another process is found without waiting.
     */
    async refreshIfChanged(snapshot: ContentSnapshot): Promise<ContentSnapshot> {
      if ((await snapshotRepository.latestReportId(deps.db)) === snapshot.latestReportId)
        return snapshot;
      cache.invalidate();
      return cache.get();
    },
    invalidate: (): void => snapshots.delete(snapshotKey),
  };
  return cache;
}
export type ContentCache = ReturnType<typeof createContentCache>;
