import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.ts';
import { createGrantReminders } from '../src/modules/permissions/grant-reminders.ts';
import { createGrantsCache } from '../src/modules/permissions/grants-cache.ts';
import { grantsFrom } from '../src/modules/permissions/permissions.policy.ts';
import {
  createTestDatabase,
  createUser,
  resetDatabase,
  testDialects,
  type TestDatabase,
} from './helper.ts';
import { insertAccount } from './helper.ts';

const start = Date.parse('2026-03-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const dayMs = 24 * 60 * 60 * 1000;

describe('grants in force', () => {
  it('leave out ended grants and tell when the first of the others ends', () => {
    const row = (id: string, validUntil: number | null) => ({
      account_element_id: id,
      element_type: 'report' as const,
      valid_until: validUntil === null ? null : iso(validUntil),
    });
    const grants = grantsFrom(
      [
        row('sin-fin', null),
        row('vencido', start),
        row('pronto', start + 5),
        row('luego', start + 9),
      ],
      start,
    );
    expect([...grants.reportBiIds].sort()).toEqual(['luego', 'pronto', 'sin-fin']);
    expect(grants.endsAt).toBe(start + 5);
    expect(grantsFrom([row('sin-fin', null)], start).endsAt).toBeUndefined();
  });
});

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`grants that end (${dialect})`, () => {
    let database: TestDatabase;
    let clock = start;
    const now = () => clock;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database?.drop());
    beforeEach(async () => {
      clock = start;
      await resetDatabase(database.db);
    });

    const grantRows = (
      table: 'permissions',
      rows: { user_id: number; account_element_id: string; valid_until: string | null }[],
    ) =>
      database.db
        .insertInto(table)
        .values(rows.map((row) => ({ ...row, element_type: 'report' as const })))
        .execute();

    it('a cached grant stops at its end without any invalidation', async () => {
      const viewer = await createUser(database.db);
      await grantRows('permissions', [
        { user_id: viewer.id, account_element_id: 'r-uno', valid_until: iso(start + 2000) },
        { user_id: viewer.id, account_element_id: 'r-dos', valid_until: null },
      ]);
      // Entries otherwise live a minute: only the grant's end can make this one reload.
      const cache = createGrantsCache({ db: database.db, now, maxAgeMs: 60_000 });
      const first = await cache.get(viewer.id);
      expect([...first.reportBiIds].sort()).toEqual(['r-dos', 'r-uno']);
      clock = start + 1999;
      expect(await cache.get(viewer.id)).toBe(first);
      clock = start + 2000;
      expect([...(await cache.get(viewer.id)).reportBiIds]).toEqual(['r-dos']);
    });

    it('mails the holder and the administrators once, 7 days before, even from two instances', async () => {
      const admin = await createUser(database.db, { rol: 0, firstname: 'Ada' });
      const viewer = await createUser(database.db, { firstname: 'Vera', lastname: 'Paz' });
      const member = await createUser(database.db, { firstname: 'Gus' });
      const account = await insertAccount(database.db, 'cuenta@vitrina.test');
      await database.db
        .insertInto('provider_groups')
        .values({ name: 'Ventas', last_seen_at: iso(start) })
        .execute();
      await database.db
        .insertInto('user_groups')
        .values({ user_id: member.id, group_name: 'Ventas' })
        .execute();
      const accountId = String(account.id);
      await database.db
        .insertInto('permissions')
        .values([
          // Due in 7 days, then one due in 8 days, and one without end.
          {
            user_id: viewer.id,
            account_element_id: accountId,
            element_type: 'account',
            valid_until: iso(start + 7 * dayMs),
          },
          {
            user_id: member.id,
            account_element_id: accountId,
            element_type: 'account',
            valid_until: iso(start + 8 * dayMs),
          },
          {
            user_id: admin.id,
            account_element_id: accountId,
            element_type: 'account',
            valid_until: null,
          },
        ])
        .execute();
      await database.db
        .insertInto('group_permissions')
        .values({
          group_name: 'Ventas',
          account_element_id: accountId,
          element_type: 'account',
          valid_until: iso(start + dayMs),
        })
        .execute();

      const sent: MailMessage[] = [];
      const failures: unknown[] = [];
      const instance = () =>
        createGrantReminders({
          db: database.db,
          mailer: { send: async (mail) => void sent.push(mail) },
          now,
          log: { error: (details: unknown) => void failures.push(details) },
        });
      const [a, b] = [instance(), instance()];
      const counts = await Promise.all([a.sendDue(), b.sendDue(), a.sendDue()]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
      const mails = new Map(
        (await database.db.selectFrom('users').select(['id', 'mail']).execute()).map((u) => [
          u.id,
          u.mail,
        ]),
      );
      // The viewer's grant and the group's: each holder and the administrator, once per grant.
      expect(sent.map((mail) => mail.to).sort()).toEqual(
        [viewer, member, admin, admin].map((user) => mails.get(user.id)).sort(),
      );
      expect(sent.find((mail) => mail.to === mails.get(viewer.id))).toMatchObject({
        subject: 'Acceso por vencer: cuenta@vitrina.test',
        text: expect.stringContaining('Su acceso a la cuenta «cuenta@vitrina.test» vence el'),
      });
      const toAdmin = sent.filter((mail) => mail.to === mails.get(admin.id)).map((m) => m.text);
      expect(toAdmin.sort()).toEqual([
        expect.stringContaining('2 de marzo de 2026 a las 12:00 (UTC) el acceso del grupo Ventas'),
        expect.stringContaining('8 de marzo de 2026 a las 12:00 (UTC) el acceso de Vera Paz'),
      ]);

      // Later checks send nothing more for those two; the 8-day grant's turn comes a day on.
      sent.length = 0;
      expect(await b.sendDue()).toBe(0);
      clock = start + dayMs;
      expect(await a.sendDue()).toBe(1);
      expect(sent.map((mail) => mail.text.split('\n')[0])).toEqual(['Hola Gus:', 'Hola Ada:']);
      expect(failures).toEqual([]);
    });
  });
}
