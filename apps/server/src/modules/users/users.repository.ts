import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Kysely queries on users. Every function takes the db or the current transaction. */
export const usersRepository = {
  list: (db: Db) =>
    db.selectFrom('users').selectAll().orderBy('lastname').orderBy('firstname').execute(),

  getById: (db: Db, id: number) =>
    db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  getByUsername: (db: Db, username: string) =>
    db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst(),

  async create(db: Db, values: Insertable<UsersTable>) {
    return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
  },

  async update(db: Db, id: number, values: Updateable<UsersTable>) {
    return db
      .updateTable('users')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  async countAdministrators(db: Db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('rol', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async count(db: Db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Removes the user and everything that points at them (permissions, favorites, tokens). */
  async deleteWithDependents(db: Db, id: number): Promise<void> {
    await db.deleteFrom('permissions').where('user_id', '=', id).execute();
    await db.deleteFrom('favorites').where('user_id', '=', id).execute();
    await db.deleteFrom('refresh_tokens').where('user_id', '=', id).execute();
    await db.deleteFrom('users').where('id', '=', id).execute();
  },

  deletePermissions: (db: Db, userId: number) =>
    db.deleteFrom('permissions').where('user_id', '=', userId).execute(),
};
