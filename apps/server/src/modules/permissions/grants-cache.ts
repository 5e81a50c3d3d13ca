import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createPerUserCache } from '../../lib/loading-cache.ts';
import { groupPermissionsRepository } from './group-permissions.repository.ts';
import { grantsFrom, type Grants } from './permissions.policy.ts';
import { permissionsRepository } from './permissions.repository.ts';

/**
 * Each user's grants, read once and kept until the portal itself changes permissions or content
 * (every such write calls `invalidate`), or for `maxAgeMs` at most, so another portal process
 * sharing a PostgreSQL database catches up within that time (decision 0024). An entry never
 * outlives the first "Válido hasta" among its grants: the reload at that instant leaves the ended
 * grant out, on every instance, with no message between them (decision 0278).
 */
export function createGrantsCache(deps: {
  db: Kysely<Database>;
  now: () => number;
  maxAgeMs?: number;
}) {
  return createPerUserCache<Grants>({
    now: deps.now,
    maxAgeMs: deps.maxAgeMs ?? 10_000,
    endsAt: (grants) => grants.endsAt,
    // A user's own grants and those of their provider groups, inherited alike.
    load: async (userId) => {
      const [own, inherited] = await Promise.all([
        permissionsRepository.listByUser(deps.db, userId),
        groupPermissionsRepository.inheritedByUser(deps.db, userId),
      ]);
      return grantsFrom([...own, ...inherited], deps.now());
    },
  });
}
export type GrantsCache = ReturnType<typeof createGrantsCache>;
