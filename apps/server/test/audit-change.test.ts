import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../src/lib/audit.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createTestDatabase, testDialects } from './helper.ts';

const actor = { id: null, username: 'auditora', ip: '127.0.0.1' };

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`an audited change (${dialect})`, () => {
    it('commits the work and its entry together, or neither of them', async () => {
      const database = await createTestDatabase(dialect);
      try {
        const { db } = database;
        const audit = createAuditLog(systemClock);
        const tagOf = (name: string) => ({ action: 'test.tag', targetType: 'tag', targetId: name });
        const inserted = await audit.change(
          db,
          actor,
          (action: string) => ({ action, targetType: 'tag' }),
          async (trx) => {
            await audit.record(trx, actor, tagOf('dentro'));
            return 'test.built-from-result';
          },
        );
        expect(inserted).toBe('test.built-from-result');

        const failing = audit.change(db, actor, tagOf('fallida'), async (trx) => {
          await audit.record(trx, actor, tagOf('antes-del-error'));
          throw new Error('la obra falla');
        });
        await expect(failing).rejects.toThrow('la obra falla');

        const rows = await db
          .selectFrom('audit_log')
          .select(['action', 'target_id', 'actor_username'])
          .orderBy('id')
          .execute();
        expect(rows).toEqual([
          { action: 'test.tag', target_id: 'dentro', actor_username: 'auditora' },
          { action: 'test.built-from-result', target_id: null, actor_username: 'auditora' },
        ]);
      } finally {
        await database.drop();
      }
    });
  });
}
