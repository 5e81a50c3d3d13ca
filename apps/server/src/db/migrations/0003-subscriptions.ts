import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Subscriptions (issue 28): the subscription, its recipients (a row each, so an unsubscribe
 * removes one person), its runs (one per occurrence: the unique key makes a second instance's
 * claim of the same occurrence fail) and each run's delivery per recipient.
 */
export function subscriptionsMigration(dialect: DialectName): Migration {
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('subscriptions'))
        .addColumn('owner_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('report_uid', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('pages', 'text', (c) => c.notNull())
        .addColumn('bookmark_state', 'text')
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('days', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_run_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_next_run')
        .on('subscriptions')
        .column('next_run_at')
        .execute();
      await withId(db.schema.createTable('subscription_recipients'))
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // Random per recipient row: the unsubscribe link names it, so it dies with the row.
        .addColumn('unsubscribe_nonce', 'text', (c) => c.notNull())
        .addUniqueConstraint('subscription_recipients_unique', ['subscription_id', 'user_id'])
        .execute();
      await withId(db.schema.createTable('subscription_runs'))
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('trig', 'text', (c) => c.notNull())
        .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addUniqueConstraint('subscription_runs_occurrence', ['subscription_id', 'due_at', 'trig'])
        .execute();
      await withId(db.schema.createTable('subscription_deliveries'))
        .addColumn('run_id', 'integer', (c) =>
          c.notNull().references('subscription_runs.id').onDelete('cascade'),
        )
        // No foreign key: the history outlives a deleted user.
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('at', 'text')
        .addUniqueConstraint('subscription_deliveries_unique', ['run_id', 'user_id'])
        .execute();
    },
  };
}
