import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createPerUserCache } from '../../lib/loading-cache.ts';
import { favoritesRepository } from './favorites.repository.ts';

/**
 * Each user's favorite report row ids, kept until a favorite or content write calls
 * `invalidate`, or for `maxAgeMs` at most (decision 0024).
 */
export function createFavoritesCache(deps: {
  db: Kysely<Database>;
  now: () => number;
  maxAgeMs?: number;
}) {
  return createPerUserCache<ReadonlySet<number>>({
    now: deps.now,
    maxAgeMs: deps.maxAgeMs ?? 10_000,
    load: (userId) => favoritesRepository.reportIdsOf(deps.db, userId),
  });
}
export type FavoritesCache = ReturnType<typeof createFavoritesCache>;
