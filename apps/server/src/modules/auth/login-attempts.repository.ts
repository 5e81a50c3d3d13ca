import type { Kysely } from 'kysely';
import { firstValue } from '../../db/first-value.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/**
 * The per-user failure counter, counted in one conditional UPDATE before the password is
 * checked: parallel attempts each see the count left by the previous one, on SQLite and on
 * PostgreSQL (row lock) alike.
 */
export const loginAttemptsRepository = {
  /**
   * Counts one attempt. The attempt that reaches `maxFailures` sets the lock (until `lockUntil`)
   * and restarts the counter. Returns undefined, counting nothing, while a lock is running.
   */
  count: (
    db: Db,
    userId: number,
    policy: { now: string; maxFailures: number; lockUntil: string },
  ) =>
    db
      .updateTable('users')
      .set((eb) => {
        const reachesLimit = eb('failed_logins', '>=', policy.maxFailures - 1);
        return {
          failed_logins: eb
            .case()
            .when(reachesLimit)
            .then(eb.lit(0))
            .else(eb('failed_logins', '+', 1))
            .end(),
          locked_until: eb
            .case()
            .when(reachesLimit)
            .then(policy.lockUntil)
            .else(eb.ref('locked_until'))
            .end(),
        };
      })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', policy.now)]))
      .returning(['failed_logins', 'locked_until'])
      .executeTakeFirst(),

  /** A successful login: the counter and any lock are cleared. */
  clear: (db: Db, userId: number) =>
    db
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: null })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst(),

  lockedUntil: async (db: Db, userId: number): Promise<string | null> => {
    const lockedUntil = await firstValue(
      db.selectFrom('users').select('locked_until').where('id', '=', userId),
      'locked_until',
    );
    return lockedUntil ?? null;
  },
};
