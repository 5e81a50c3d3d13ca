import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Access reviews (issue 30): a review over an account, workspace or report, and one line per
 * (user, report) access found when it started. Lines keep the user's and report's names as they
 * were, so the evidence outlives a deleted user or report; no foreign key to them.
 */
export function accessReviewsMigration(dialect: DialectName): Migration {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('access_reviews')
        .addColumn('id', serial, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('account_element_id', 'text', (c) => c.notNull())
        .addColumn('scope_name', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('escalated_at', 'text')
        .execute();
      await db.schema
        .createTable('access_review_lines')
        .addColumn('id', serial, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('review_id', 'integer', (c) =>
          c.notNull().references('access_reviews.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('report_bi_id', 'text', (c) => c.notNull())
        .addColumn('report_name', 'text', (c) => c.notNull())
        .addColumn('granted_through', 'text', (c) => c.notNull())
        .addColumn('last_used', 'text')
        .addColumn('recommendation', 'text', (c) => c.notNull())
        .addColumn('decision', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('decided_by', 'text')
        .addColumn('escalated', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('access_review_lines_review')
        .on('access_review_lines')
        .column('review_id')
        .execute();
    },
    /** Back to 0007 (the audit chain's migration test steps below 0006 and up again). */
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('access_review_lines').execute();
      await db.schema.dropTable('access_reviews').execute();
    },
  };
}
