import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hasRow } from '../../db/has-row.ts';
import type { ElementType } from './permissions.repository.ts';

/** Provider groups (values of the role claim), their members and the grants given to them. */
export const groupPermissionsRepository = {
  listGroups(db: Kysely<Database>) {
    return db
      .selectFrom('provider_groups as g')
      .leftJoin('user_groups as m', 'm.group_name', 'g.name')
      .select((eb) => ['g.name', 'g.last_seen_at', eb.fn.count<number>('m.user_id').as('members')])
      .groupBy(['g.name', 'g.last_seen_at'])
      .orderBy('g.name')
      .execute();
  },

  groupExists(db: Kysely<Database>, name: string): Promise<boolean> {
    return hasRow(db.selectFrom('provider_groups').select('name').where('name', '=', name));
  },

  listByGroup(db: Kysely<Database>, name: string) {
    return db
      .selectFrom('group_permissions')
      .select(['id', 'account_element_id', 'element_type', 'valid_until'])
      .where('group_name', '=', name)
      .orderBy('id')
      .execute();
  },

  async replaceForGroup(
    db: Kysely<Database>,
    name: string,
    rows: { account_element_id: string; element_type: ElementType; valid_until: string | null }[],
  ): Promise<void> {
    await db.deleteFrom('group_permissions').where('group_name', '=', name).execute();
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('group_permissions')
        .values(rows.slice(i, i + 500).map((row) => ({ ...row, group_name: name })))
        .execute();
    }
  },

  /** The grants `userId` holds through the groups of their last sign-in. */
  inheritedByUser(db: Kysely<Database>, userId: number) {
    return db
      .selectFrom('user_groups as m')
      .innerJoin('group_permissions as p', 'p.group_name', 'm.group_name')
      .select(['p.account_element_id', 'p.element_type', 'p.group_name', 'p.valid_until'])
      .where('m.user_id', '=', userId)
      .execute();
  },

  /** Members of groups granted `elementId`, each with the group that grants it. */
  membersHolding(db: Kysely<Database>, elementId: string) {
    return db
      .selectFrom('group_permissions as p')
      .innerJoin('user_groups as m', 'm.group_name', 'p.group_name')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('u')
      .select(['p.group_name', 'p.valid_until'])
      .where('p.account_element_id', '=', elementId)
      .orderBy('u.lastname')
      .orderBy('u.firstname')
      .orderBy('u.id')
      .execute();
  },

  async deleteByElements(db: Kysely<Database>, elementIds: string[]): Promise<void> {
    if (elementIds.length)
      await db
        .deleteFrom('group_permissions')
        .where('account_element_id', 'in', elementIds)
        .execute();
  },

  /** Records the groups of a sign-in: each is seen now, and they become the user's groups. */
  async setUserGroups(db: Kysely<Database>, userId: number, groups: string[], now: string) {
    for (const name of groups) {
      await db
        .insertInto('provider_groups')
        .values({ name, last_seen_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ last_seen_at: now }))
        .execute();
    }
    await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
    if (groups.length) {
      await db
        .insertInto('user_groups')
        .values(groups.map((group_name) => ({ user_id: userId, group_name })))
        .execute();
    }
  },
};
