import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest, portalMigrations } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { createAuditLog } from '../src/lib/audit.ts';
import { manualClock, systemClock } from '../src/lib/clock.ts';
import { createAuditRetention } from '../src/modules/audit/audit-retention.ts';
import { verifyAuditChain } from '../src/modules/audit/audit-verify.ts';
import { actor, entry, ids } from './audit-entries.ts';
import { useSuiteDatabase } from './fixtures.ts';
import { createTestDatabase, resetDatabase, testDialects } from './helper.ts';

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`the audit chain (${dialect})`, () => {
    const shared = useSuiteDatabase(() => createTestDatabase(dialect));

    it('names the entry after one that was deleted', async () => {
      const { db } = shared();
      await resetDatabase(db);
      const audit = createAuditLog(systemClock);
      for (const action of ['login.succeeded', 'login.refused', 'logout']) {
        await audit.record(db, actor, entry(action));
      }
      const [deleted] = await ids(db, 'login.refused');
      await db.deleteFrom('audit_log').where('id', '=', deleted!).execute();
      const [next] = await ids(db, 'logout');
      expect(await verifyAuditChain(db)).toMatchObject({ sound: false, entryId: next });
    });

    it('stays one chain when two instances append at the same time', async () => {
      await resetDatabase(shared().db);
      // A second connection pool is a second portal instance on the same database.
      const other = dialect === 'postgres' ? openDatabase(shared().url).db : shared().db;
      try {
        const audit = createAuditLog(systemClock);
        const burst = (db: Kysely<Database>, tag: string) =>
          Array.from({ length: 40 }, (_, n) =>
            // Inside a longer transaction too, as audited changes write their entry.
            db.transaction().execute(async (trx) => {
              await audit.record(trx, actor, entry('login.succeeded', { tag, n }));
              await audit.record(trx, actor, entry('user.updated', { tag, n }));
            }),
          );
        await Promise.all([...burst(shared().db, 'a'), ...burst(other, 'b')]);
        expect(await verifyAuditChain(shared().db)).toEqual({ sound: true, entries: 160 });
      } finally {
        if (other !== shared().db) await other.destroy();
      }
    });

    it('prunes each category past its retention, audits it, and stays verifiable', async () => {
      const { db } = shared();
      await resetDatabase(db);
      const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
      const audit = createAuditLog(clock);
      await audit.record(db, actor, entry('login.succeeded', { n: 1 }));
      await audit.record(db, actor, entry('user.updated', { n: 1 }));
      clock.advance(100 * 86_400_000);
      await audit.record(db, actor, entry('login.succeeded', { n: 2 }));
      await audit.record(db, actor, entry('user.updated', { n: 2 }));
      clock.advance(10 * 86_400_000);

      const retention = createAuditRetention({
        db,
        clock,
        audit,
        retention: { days: 730, byCategory: { access: 30 } },
      });
      expect(await retention.prune()).toEqual([
        { category: 'access', deleted: 1, throughId: expect.any(Number) },
      ]);
      const kept = await db
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .orderBy('id')
        .execute();
      expect(kept.map((row) => row.action)).toEqual([
        'user.updated',
        'login.succeeded',
        'user.updated',
        'audit.pruned',
      ]);
      expect(JSON.parse(kept[3]!.detail!)).toMatchObject({
        category: 'access',
        deleted: 1,
        retentionDays: 30,
      });
      expect(await verifyAuditChain(db)).toEqual({ sound: true, entries: 4 });
      // Nothing more is due: a second run cuts nothing and writes nothing.
      expect(await retention.prune()).toEqual([]);
    });

    it('chains the entries written before the chain existed (migration 0006)', async () => {
      const database = await createTestDatabase(dialect);
      try {
        const { db } = database;
        // Back to the schema before 0006, with entries as the portal wrote them then.
        const migrator = new Migrator({
          db,
          provider: { getMigrations: async () => portalMigrations(dialect) },
        });
        const { error } = await migrator.migrateTo('0004-oidc');
        expect(error).toBeUndefined();
        for (const [n, action] of ['login.succeeded', 'user.created', 'login.refused'].entries()) {
          await sql`insert into audit_log (at, actor_id, actor_username, action, target_type, target_id, detail, ip)
            values (${`2026-01-0${n + 1}T00:00:00.000Z`}, 1, 'admin', ${action}, 'user', '1', null, '127.0.0.1')`.execute(
            db,
          );
        }
        await migrateToLatest(db, dialect);
        expect(await verifyAuditChain(db)).toEqual({ sound: true, entries: 3 });
        const rows = await db.selectFrom('audit_log').select('category').orderBy('id').execute();
        expect(rows.map((row) => row.category)).toEqual(['access', 'users', 'access']);
      } finally {
        await database.drop();
      }
    });
  });
}
