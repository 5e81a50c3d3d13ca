import type { Kysely, Migration } from 'kysely';

/**
 * Grants that end ("Válido hasta"): user and group grants get `valid_until` (ISO 8601 in UTC, so
 * text order is time order; NULL: no end), and `grant_reminders` records each reminder mail sent.
 * Its key is the grant as the mail described it, so one reminder goes per grant and end, whichever
 * instance claims it first, and a new end set later is reminded again.
 */
export function grantExpiryMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['permissions', 'group_permissions']) {
        await db.schema.alterTable(table).addColumn('valid_until', 'text').execute();
        await db.schema
          .createIndex(`${table}_valid_until`)
          .on(table)
          .column('valid_until')
          .execute();
      }
      await db.schema
        .createTable('grant_reminders')
        // `user:<id>` or `group:<name>`.
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('account_element_id', 'text', (c) => c.notNull())
        .addColumn('valid_until', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('grant_reminders_pk', [
          'holder',
          'account_element_id',
          'valid_until',
        ])
        .execute();
    },
    /** Back to 0006 (the audit chain's migration test steps below 0006 and up again). */
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('grant_reminders').execute();
      for (const table of ['permissions', 'group_permissions']) {
        await db.schema.dropIndex(`${table}_valid_until`).execute();
        await db.schema.alterTable(table).dropColumn('valid_until').execute();
      }
    },
  };
}
