import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Service-principal accounts beside master-user ones, and viewers' effective identities
 * (row-level security) per account or dataset. Existing accounts become `MasterUser`.
 */
export function powerBiTenantsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('auth_type', 'text', (c) => c.notNull().defaultTo('MasterUser'))
        .execute();
      for (const column of ['tenant_id', 'certificate_encrypted', 'secret_expires_at']) {
        await db.schema.alterTable('accounts').addColumn(column, 'text').execute();
      }
      const table = db.schema.createTable('rls_identities');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('account_id', 'integer', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        // '' stands for every dataset of the account, so the unique constraint needs no NULLs.
        .addColumn('dataset_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addUniqueConstraint('rls_identities_unique', ['user_id', 'account_id', 'dataset_id'])
        .execute();
    },
  };
}
