import { randomBytes } from 'node:crypto';
import {
  demoServicePrincipal,
  demoUsernames,
  demoUsers,
  publishedDemoCredentials,
  type DemoCredentials,
} from '@vitrina/env/demo';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../src/lib/audit.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { accountsRepository } from '../../src/modules/accounts/accounts.repository.ts';
import { createSecretBox } from '../../src/modules/accounts/secret-box.ts';
import { seedDemoAccounts } from '../../src/modules/sync/demo-accounts.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../helper.ts';

/** What a production installation's credentials file holds (decision 0220). */
const installation: DemoCredentials = {
  passwords: Object.fromEntries(demoUsernames.map((name) => [name, `propia-${name}`])),
  servicePrincipalSecret: 'secreto-propio-de-esta-instalacion-0123456789',
};

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`demo accounts (${dialect})`, () => {
    async function withDatabase(run: (database: TestDatabase) => Promise<void>) {
      const database = await createTestDatabase(dialect);
      try {
        await run(database);
      } finally {
        await database.drop();
      }
    }
    const secrets = createSecretBox(randomBytes(32));
    const depsFor = (database: TestDatabase, credentials: DemoCredentials) => ({
      db: database.db,
      clock: systemClock,
      audit: createAuditLog(systemClock),
      secrets,
      credentials,
    });
    const storedPasswords = async (database: TestDatabase) =>
      (await database.db.selectFrom('accounts').selectAll().orderBy('id').execute()).map((row) =>
        secrets.decrypt(row.password_encrypted),
      );

    it('are registered once per database, encrypted, and not brought back after deletion', async () => {
      await withDatabase(async (database) => {
        const deps = depsFor(database, publishedDemoCredentials);
        const created = await seedDemoAccounts(deps);
        expect(created).toHaveLength(2);
        const rows = await database.db.selectFrom('accounts').selectAll().orderBy('id').execute();
        expect(rows.map((r) => [r.username, r.client_id, r.description])).toEqual(
          demoUsers.map((d) => [d.username, d.clientId, d.description]),
        );
        expect(await storedPasswords(database)).toEqual(
          demoUsers.map((d) => publishedDemoCredentials.passwords[d.username]),
        );

        expect(await seedDemoAccounts(deps)).toEqual([]);
        await database.db.deleteFrom('accounts').execute();
        expect(await seedDemoAccounts(deps)).toEqual([]);
      });
    });

    it('take the installation’s credentials in production, never the published ones', async () => {
      await withDatabase(async (database) => {
        expect(await seedDemoAccounts(depsFor(database, installation))).toHaveLength(2);
        expect(await storedPasswords(database)).toEqual(
          demoUsers.map((d) => installation.passwords[d.username]),
        );
      });
    });

    it('an account left with a published password gets the installation’s, once', async () => {
      await withDatabase(async (database) => {
        const [created] = await seedDemoAccounts(depsFor(database, publishedDemoCredentials));
        const now = systemClock.now().toISOString();
        // An administrator's own account, and the service principal entered with its published secret.
        const own = { description: 'Propia', error: 0, message: null, last_sync_at: null };
        const kept = await accountsRepository.create(database.db, {
          ...own,
          username: 'otra@empresa.example',
          password_encrypted: secrets.encrypt('Comercial2024'),
          client_id: 'b0d0a8a4-1111-4c8e-9a51-2b6d8e1f4a99',
          created_at: now,
          updated_at: now,
        });
        const principal = await accountsRepository.create(database.db, {
          ...own,
          username: 'vitrina-app',
          password_encrypted: secrets.encrypt(publishedDemoCredentials.servicePrincipalSecret),
          client_id: demoServicePrincipal.clientId,
          created_at: now,
          updated_at: now,
        });

        const production = depsFor(database, installation);
        const changed = await seedDemoAccounts(production);
        expect(changed).toEqual([created, created! + 1, principal]);
        expect(changed).not.toContain(kept);
        expect(await storedPasswords(database)).toEqual([
          ...demoUsers.map((d) => installation.passwords[d.username]),
          'Comercial2024',
          installation.servicePrincipalSecret,
        ]);
        expect(await seedDemoAccounts(production)).toEqual([]);
      });
    });
  });
}
