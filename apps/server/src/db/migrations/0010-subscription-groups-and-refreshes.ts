import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Subscriptions to groups and after refreshes (issue 28): the provider groups a subscription
 * names (expanded to their members at each send), the group members who unsubscribed from it
 * (they stay out however the group changes), and the last refresh an `afterRefresh`
 * subscription was sent for (the compare-and-set that lets one instance claim each refresh).
 */
export function subscriptionGroupsMigration(dialect: DialectName): Migration {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('subscriptions').addColumn('refresh_seen', 'text').execute();
      await db.schema
        .createTable('subscription_groups')
        .addColumn('id', serial, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('group_name', 'text', (c) =>
          c.notNull().references('provider_groups.name').onDelete('cascade'),
        )
        // Random per group row: the unsubscribe links of its members name it.
        .addColumn('unsubscribe_nonce', 'text', (c) => c.notNull())
        .addUniqueConstraint('subscription_groups_unique', ['subscription_id', 'group_name'])
        .execute();
      await db.schema
        .createTable('subscription_opt_outs')
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_opt_outs_pk', ['subscription_id', 'user_id'])
        .execute();
    },
    /** Back to 0009: group recipients and refresh subscriptions are lost. */
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('subscription_opt_outs').execute();
      await db.schema.dropTable('subscription_groups').execute();
      // 0009 knows no such schedule: those subscriptions go with the feature.
      await sql`DELETE FROM subscriptions WHERE frequency = 'afterRefresh'`.execute(db);
      await db.schema.alterTable('subscriptions').dropColumn('refresh_seen').execute();
    },
  };
}
