import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import type { Actor } from '../src/lib/audit.ts';

/** What the audit chain tests write: one actor, entries about one user, found again by action. */
export const actor: Actor = { id: 7, username: 'auditora', ip: '127.0.0.1' };

export const entry = (action: string, detail?: Record<string, unknown>) => ({
  action,
  targetType: 'user',
  targetId: 12,
  ...(detail ? { detail } : {}),
});

export async function ids(db: Kysely<Database>, action: string): Promise<number[]> {
  const rows = await db.selectFrom('audit_log').select('id').where('action', '=', action).execute();
  return rows.map((row) => row.id);
}
