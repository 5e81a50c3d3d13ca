import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AccountsTable, Database } from '../../db/schema.ts';

/** Kysely queries on accounts; pass a transaction as `db` to run them inside it. */
export const accountsRepository = {
  getById(db: Kysely<Database>, id: number) {
    return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  },

  listIds(db: Kysely<Database>) {
    return db.selectFrom('accounts').select('id').orderBy('id').execute();
  },

  async create(db: Kysely<Database>, values: Insertable<AccountsTable>): Promise<number> {
    const row = await db
      .insertInto('accounts')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Kysely<Database>, id: number, values: Updateable<AccountsTable>): Promise<void> {
    await db.updateTable('accounts').set(values).where('id', '=', id).execute();
  },

  async delete(db: Kysely<Database>, id: number): Promise<void> {
    await db.deleteFrom('accounts').where('id', '=', id).execute();
  },
};
