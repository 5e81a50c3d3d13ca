import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { grantsFrom, type Grants } from './permissions.policy.ts';
import { permissionsRepository } from './permissions.repository.ts';

/** A user's current grants, read fresh so a revoked permission takes effect at once. */
export async function loadGrants(db: Kysely<Database>, userId: number): Promise<Grants> {
  return grantsFrom(await permissionsRepository.listByUser(db, userId));
}
