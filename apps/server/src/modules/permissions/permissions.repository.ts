import type { Insertable, Kysely } from 'kysely';
import type { Database, PermissionsTable } from '../../db/schema.ts';

export type ElementType = PermissionsTable['element_type'];
export type NewPermissionRow = Omit<Insertable<PermissionsTable>, 'id'>;

/** Kysely queries on permissions; pass a transaction as `db` to run them inside it. */
export const permissionsRepository = {
  listByUser(db: Kysely<Database>, userId: number) {
    return db
      .selectFrom('permissions')
      .select(['id', 'user_id', 'account_element_id', 'element_type', 'valid_until'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  },

  async deleteByUsers(db: Kysely<Database>, userIds: number[]): Promise<void> {
    if (userIds.length)
      await db.deleteFrom('permissions').where('user_id', 'in', userIds).execute();
  },

  async deleteByElements(db: Kysely<Database>, elementIds: string[]): Promise<void> {
    if (elementIds.length)
      await db.deleteFrom('permissions').where('account_element_id', 'in', elementIds).execute();
  },

  async insert(db: Kysely<Database>, rows: NewPermissionRow[]): Promise<void> {
    // Chunked to stay under SQLite's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('permissions')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  },

  /** Users (ordered lastname, firstname) holding a permission on `elementId`, with its end. */
  usersHolding(db: Kysely<Database>, elementId: string) {
    return db
      .selectFrom('permissions as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('u')
      .select('p.valid_until')
      .where('p.account_element_id', '=', elementId)
      .orderBy('u.lastname')
      .orderBy('u.firstname')
      .orderBy('u.id')
      .execute();
  },

  /** Which of `ids` are users and with what role. */
  usersByIds(db: Kysely<Database>, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('users').select(['id', 'rol']).where('id', 'in', ids).execute();
  },

  /** The type of each existing element among `ids`: account ids as text, else BI ids. */
  async elementTypes(db: Kysely<Database>, ids: string[]): Promise<Map<string, ElementType>> {
    const types = new Map<string, ElementType>();
    if (!ids.length) return types;
    const numeric = ids.filter((id) => /^\d{1,10}$/.test(id)).map(Number);
    const accounts = numeric.length
      ? await db.selectFrom('accounts').select('id').where('id', 'in', numeric).execute()
      : [];
    for (const { id } of accounts) types.set(String(id), 'account');
    const tablesByBiId = [
      ['workspaces', 'workspace'],
      ['reports', 'report'],
    ] as const;
    for (const [table, type] of tablesByBiId) {
      const rows = await db.selectFrom(table).select('bi_id').where('bi_id', 'in', ids).execute();
      for (const { bi_id } of rows) types.set(bi_id, type);
    }
    return types;
  },
};
