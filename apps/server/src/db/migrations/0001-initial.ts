import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/** The initial schema: every table of the portal (see `../schema.ts` for the meaning of columns). */
export function initialMigration(dialect: DialectName): Migration {
  // SQLite's INTEGER PRIMARY KEY AUTOINCREMENT and PostgreSQL's serial both hand out ids on insert.
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (column) => column.primaryKey())
      : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('users'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('mail', 'text', (c) => c.notNull())
        .addColumn('rol', 'integer', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('password_temporary', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('refresh_tokens'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_user_idx')
        .on('refresh_tokens')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_family_idx')
        .on('refresh_tokens')
        .column('family_id')
        .execute();

      await withId(db.schema.createTable('accounts'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('password_encrypted', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('error', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('message', 'text')
        .addColumn('last_sync_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('workspaces'))
        .addColumn('account_id', 'integer', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('bi_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addUniqueConstraint('workspaces_account_bi_unique', ['account_id', 'bi_id'])
        .execute();
      await db.schema.createIndex('workspaces_bi_idx').on('workspaces').column('bi_id').execute();

      await withId(db.schema.createTable('reports'))
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('bi_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('embed_url', 'text', (c) => c.notNull())
        .addColumn('dataset_id', 'text')
        .addUniqueConstraint('reports_workspace_bi_unique', ['workspace_id', 'bi_id'])
        .execute();
      await db.schema.createIndex('reports_bi_idx').on('reports').column('bi_id').execute();

      await withId(db.schema.createTable('permissions'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('account_element_id', 'text', (c) => c.notNull())
        .addColumn('element_type', 'text', (c) => c.notNull())
        .addUniqueConstraint('permissions_user_element_unique', ['user_id', 'account_element_id'])
        .execute();
      await db.schema
        .createIndex('permissions_element_idx')
        .on('permissions')
        .column('account_element_id')
        .execute();

      await withId(db.schema.createTable('favorites'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('report_id', 'integer', (c) =>
          c.notNull().references('reports.id').onDelete('cascade'),
        )
        .addUniqueConstraint('favorites_user_report_unique', ['user_id', 'report_id'])
        .execute();
      await db.schema
        .createIndex('favorites_report_idx')
        .on('favorites')
        .column('report_id')
        .execute();

      await withId(db.schema.createTable('audit_log'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_username', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text')
        .addColumn('detail', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
    },
  };
}
