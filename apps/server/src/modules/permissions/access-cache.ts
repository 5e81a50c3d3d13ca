import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { favoritesRepository } from '../favorites/favorites.repository.ts';
import { grantsFrom, type Grants } from './permissions.policy.ts';
import { permissionsRepository } from './permissions.repository.ts';

interface Entry<T> {
  value: Promise<T>;
  loadedAt: number;
  generation: number;
}

// Bounds memory on very large tenants; a full cache simply starts over.
const maxUsers = 20_000;

/** A per-user memo of one read, dropped wholesale by `invalidate()` or after `maxAgeMs`. */
function perUserMemo<T>(load: (userId: number) => Promise<T>, now: () => number, maxAgeMs: number) {
  const entries = new Map<number, Entry<T>>();
  let generation = 0;
  return {
    get(userId: number): Promise<T> {
      const entry = entries.get(userId);
      if (entry && entry.generation === generation && now() - entry.loadedAt < maxAgeMs)
        return entry.value;
      if (entries.size >= maxUsers) entries.clear();
      const value = load(userId);
      const fresh = { value, loadedAt: now(), generation };
      entries.set(userId, fresh);
      // A failed read is not remembered.
      value.catch(() => entries.get(userId) === fresh && entries.delete(userId));
      return value;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}

/**
 * Each user's grants and favorites, read once and kept until the portal itself changes
 * permissions, favorites or content (every such write calls `invalidate*`), or for `maxAgeMs`
 * at most, so another portal process sharing a PostgreSQL database catches up within that time.
 */
export function createAccessCache(deps: {
  db: Kysely<Database>;
  now: () => number;
  maxAgeMs?: number;
}) {
  const maxAgeMs = deps.maxAgeMs ?? 10_000;
  const grants = perUserMemo<Grants>(
    async (userId) => grantsFrom(await permissionsRepository.listByUser(deps.db, userId)),
    deps.now,
    maxAgeMs,
  );
  const favorites = perUserMemo<ReadonlySet<number>>(
    (userId) => favoritesRepository.reportIdsOf(deps.db, userId),
    deps.now,
    maxAgeMs,
  );
  return {
    grants: (userId: number) => grants.get(userId),
    favorites: (userId: number) => favorites.get(userId),
    invalidateGrants: () => grants.invalidate(),
    invalidateFavorites: () => favorites.invalidate(),
    /** Content changed: grants and favorites on vanished elements were deleted with it. */
    invalidateAll() {
      grants.invalidate();
      favorites.invalidate();
    },
  };
}
export type AccessCache = ReturnType<typeof createAccessCache>;
