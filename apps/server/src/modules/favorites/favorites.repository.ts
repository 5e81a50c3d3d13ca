import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Kysely queries on favorites. */
export const favoritesRepository = {
  async reportIdsOf(db: Kysely<Database>, userId: number): Promise<Set<number>> {
    const rows = await db
      .selectFrom('favorites')
      .select('report_id')
      .where('user_id', '=', userId)
      .execute();
    return new Set(rows.map((row) => row.report_id));
  },

  async add(db: Kysely<Database>, userId: number, reportIds: number[]): Promise<void> {
    if (!reportIds.length) return;
    await db
      .insertInto('favorites')
      .values(reportIds.map((report_id) => ({ user_id: userId, report_id })))
      .onConflict((oc) => oc.columns(['user_id', 'report_id']).doNothing())
      .execute();
  },

  async remove(db: Kysely<Database>, userId: number, reportIds: number[]): Promise<void> {
    if (!reportIds.length) return;
    await db
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('report_id', 'in', reportIds)
      .execute();
  },
};
