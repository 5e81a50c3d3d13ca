import { roles } from '@vitrina/contracts';
import type { Kysely } from 'kysely';
import { firstValue } from '../../db/first-value.ts';
import { hasRow } from '../../db/has-row.ts';
import type { Database } from '../../db/schema.ts';

/** Queries of the reminders sent before a grant ends. Instants are ISO 8601 in UTC. */
export const grantRemindersRepository = {
  /** User grants ending in (`from`, `to`], with their holder. */
  userGrantsEnding(db: Kysely<Database>, from: string, to: string) {
    return db
      .selectFrom('permissions as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.id', 'u.firstname', 'u.lastname', 'u.mail'])
      .select(['p.account_element_id', 'p.element_type', 'p.valid_until'])
      .where('p.valid_until', '>', from)
      .where('p.valid_until', '<=', to)
      .execute();
  },

  /** Group grants ending in (`from`, `to`], once per member (once with no member for none). */
  groupGrantsEnding(db: Kysely<Database>, from: string, to: string) {
    return db
      .selectFrom('group_permissions as p')
      .leftJoin('user_groups as m', 'm.group_name', 'p.group_name')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['p.group_name', 'p.account_element_id', 'p.element_type', 'p.valid_until'])
      .select(['u.firstname', 'u.lastname', 'u.mail'])
      .where('p.valid_until', '>', from)
      .where('p.valid_until', '<=', to)
      .orderBy('p.id')
      .execute();
  },

  administrators(db: Kysely<Database>) {
    return db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname', 'mail'])
      .where('rol', '=', roles.administrator)
      .execute();
  },

  /** The name of an account (its username), workspace or report, if it still exists. */
  async elementName(db: Kysely<Database>, id: string, type: 'account' | 'workspace' | 'report') {
    if (type === 'account') {
      return firstValue(
        db.selectFrom('accounts').select('username').where('id', '=', Number(id)),
        'username',
      );
    }
    const table = type === 'workspace' ? 'workspaces' : 'reports';
    return firstValue(db.selectFrom(table).select('name').where('bi_id', '=', id), 'name');
  },

  /**
   * Claims the reminder of one grant and end: true for the one caller (of any instance) that
   * recorded it first, false when it was already sent.
   */
  claim(
    db: Kysely<Database>,
    reminder: { holder: string; account_element_id: string; valid_until: string; sent_at: string },
  ): Promise<boolean> {
    return hasRow(
      db
        .insertInto('grant_reminders')
        .values(reminder)
        .onConflict((oc) => oc.columns(['holder', 'account_element_id', 'valid_until']).doNothing())
        .returning('holder'),
    );
  },

  /** Gives a claim back (its mails could not be sent), so the next check tries again. */
  async release(
    db: Kysely<Database>,
    reminder: { holder: string; account_element_id: string; valid_until: string },
  ) {
    await db
      .deleteFrom('grant_reminders')
      .where('holder', '=', reminder.holder)
      .where('account_element_id', '=', reminder.account_element_id)
      .where('valid_until', '=', reminder.valid_until)
      .execute();
  },

  /** Forgets reminders of grants that ended before `before`. */
  async prune(db: Kysely<Database>, before: string) {
    await db.deleteFrom('grant_reminders').where('valid_until', '<', before).execute();
  },
};
