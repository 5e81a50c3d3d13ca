import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Usage (issue 30): one narrow row per report open. Epoch milliseconds need 64 bits on
 * PostgreSQL; SQLite's integer holds them as it is. The indexes serve the two reads (a report's
 * or a user's opens in a date range) and the retention pruning (by day).
 */
export function usageMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('usage_opens')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at_ms', 'bigint', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('report_uid', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('page', 'text')
        .addColumn('token_ms', 'integer')
        .addColumn('loaded_ms', 'integer')
        .addColumn('rendered_ms', 'integer')
        .addColumn('total_ms', 'integer')
        .addColumn('error_code', 'text')
        .addColumn('phone', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('usage_opens_report_day')
        .on('usage_opens')
        .columns(['report_uid', 'day'])
        .execute();
      await db.schema
        .createIndex('usage_opens_user_day')
        .on('usage_opens')
        .columns(['user_id', 'day'])
        .execute();
      await db.schema.createIndex('usage_opens_day').on('usage_opens').column('day').execute();
    },
    /** Back to 0004 (the audit chain's migration test steps below 0006 and up again). */
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('usage_opens').execute();
    },
  };
}
