import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DialectName } from './database.ts';
import { initialMigration } from './migrations/0001-initial.ts';
import { powerBiTenantsMigration } from './migrations/0002-power-bi-tenants.ts';
import { subscriptionsMigration } from './migrations/0003-subscriptions.ts';
import { oidcMigration } from './migrations/0004-oidc.ts';
import { usageMigration } from './migrations/0005-usage.ts';
import { auditChainMigration } from './migrations/0006-audit-chain.ts';
import { grantExpiryMigration } from './migrations/0007-grant-expiry.ts';
import { accessReviewsMigration } from './migrations/0009-access-reviews.ts';
import { subscriptionGroupsMigration } from './migrations/0010-subscription-groups-and-refreshes.ts';
import type { Database } from './schema.ts';

/** Every migration, in order. Add new ones at the end with the next number. */
export function portalMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-power-bi-tenants': powerBiTenantsMigration(dialect),
    '0003-subscriptions': subscriptionsMigration(dialect),
    '0004-oidc': oidcMigration(dialect),
    '0005-usage': usageMigration(dialect),
    '0006-audit-chain': auditChainMigration(),
    '0007-grant-expiry': grantExpiryMigration(),
    '0009-access-reviews': accessReviewsMigration(dialect),
    '0010-subscription-groups-and-refreshes': subscriptionGroupsMigration(dialect),
  };
}

/** Brings the schema up to date; throws when a migration fails. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => portalMigrations(dialect) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
