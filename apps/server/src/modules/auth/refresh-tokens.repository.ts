import type { Insertable, Kysely } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema.ts';
import { updatedOneRow } from '../../db/updated-one-row.ts';

type Db = Kysely<Database>;

/** Kysely queries on refresh tokens (stored as SHA-256 hashes only). */
export const refreshTokensRepository = {
  create: (db: Db, values: Insertable<RefreshTokensTable>) =>
    db.insertInto('refresh_tokens').values(values).execute(),

  getByHash: (db: Db, tokenHash: string) =>
    db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),

  /** Marks the token spent; false when someone else spent it first (a concurrent reuse). */
  async markUsed(db: Db, id: number, at: string): Promise<boolean> {
    return updatedOneRow(
      db
        .updateTable('refresh_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null),
    );
  },

  revokeFamily: (db: Db, familyId: string, at: string) =>
    db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute(),

  /** Revokes every session of the user but `keepFamily` (when given); returns how many rows. */
  async revokeAllOfUser(db: Db, userId: number, at: string, keepFamily?: string): Promise<number> {
    let query = db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamily !== undefined) query = query.where('family_id', '!=', keepFamily);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** The user of a live session: one whose family still has an unrevoked token. */
  findSessionUser: (db: Db, familyId: string) =>
    db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select(['users.id', 'users.username', 'users.rol'])
      .where('refresh_tokens.family_id', '=', familyId)
      .where('refresh_tokens.revoked_at', 'is', null)
      .limit(1)
      .executeTakeFirst(),

  /** Housekeeping: drops the user's tokens that expired before `before`. */
  deleteExpiredOfUser: (db: Db, userId: number, before: string) =>
    db
      .deleteFrom('refresh_tokens')
      .where('user_id', '=', userId)
      .where('expires_at', '<', before)
      .execute(),
};
