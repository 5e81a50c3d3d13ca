import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema.ts';

/** Kysely queries on the audit log; pass a transaction as `db` to run them inside it. */
export const auditRepository = {
  async insert(db: Kysely<Database>, row: Insertable<AuditLogTable>): Promise<void> {
    await db.insertInto('audit_log').values(row).execute();
  },

  /** Whether `action` was ever recorded (one-off steps such as seeding the demo accounts). */
  async hasAction(db: Kysely<Database>, action: string): Promise<boolean> {
    const row = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', action)
      .executeTakeFirst();
    return row !== undefined;
  },
};
