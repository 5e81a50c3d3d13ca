import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Sign-in through an OpenID provider: users linked by (issuer, subject), the provider groups seen
 * at sign-in with each user's current ones, grants given to a group, and when each provider
 * session began (for the portal's own session limit).
 */
export function oidcMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['oidc_issuer', 'oidc_subject', 'rls_username', 'role_claims']) {
        await db.schema.alterTable('users').addColumn(column, 'text').execute();
      }
      // Both dialects let several rows hold NULLs in a unique index: local users stay unlinked.
      await db.schema
        .createIndex('users_oidc_identity_unique')
        .on('users')
        .columns(['oidc_issuer', 'oidc_subject'])
        .unique()
        .execute();

      await db.schema
        .createTable('provider_groups')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_groups')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('group_name', 'text', (c) =>
          c.notNull().references('provider_groups.name').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_name'])
        .execute();
      const grants = db.schema.createTable('group_permissions');
      await (
        dialect === 'postgres'
          ? grants.addColumn('id', 'serial', (c) => c.primaryKey())
          : grants.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('group_name', 'text', (c) =>
          c.notNull().references('provider_groups.name').onDelete('cascade'),
        )
        .addColumn('account_element_id', 'text', (c) => c.notNull())
        .addColumn('element_type', 'text', (c) => c.notNull())
        .addUniqueConstraint('group_permissions_unique', ['group_name', 'account_element_id'])
        .execute();

      await db.schema
        .createTable('oidc_sessions')
        .addColumn('family_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('started_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
