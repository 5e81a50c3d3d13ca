import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../src/lib/audit.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { createSecretBox } from '../../src/modules/accounts/secret-box.ts';
import { demoIdentities, seedDemoAccounts } from '../../src/modules/sync/demo-accounts.ts';
import { createTestDatabase, testDialects } from '../helper.ts';

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`demo accounts (${dialect})`, () => {
    it('are registered once per database, encrypted, and not brought back after deletion', async () => {
      const database = await createTestDatabase(dialect);
      try {
        const secrets = createSecretBox(randomBytes(32));
        const deps = {
          db: database.db,
          clock: systemClock,
          audit: createAuditLog(systemClock),
          secrets,
        };
        const created = await seedDemoAccounts(deps);
        expect(created).toHaveLength(2);
        const rows = await database.db.selectFrom('accounts').selectAll().orderBy('id').execute();
        expect(rows.map((r) => [r.username, r.client_id, r.description])).toEqual(
          demoIdentities.map((d) => [d.username, d.clientId, d.description]),
        );
        expect(rows.map((r) => secrets.decrypt(r.password_encrypted))).toEqual(
          demoIdentities.map((d) => d.password),
        );

        expect(await seedDemoAccounts(deps)).toEqual([]);
        await database.db.deleteFrom('accounts').execute();
        expect(await seedDemoAccounts(deps)).toEqual([]);
      } finally {
        await database.drop();
      }
    });
  });
}
