import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { auditCategoryOf } from './audit-chain.ts';
import { auditRepository } from './audit.repository.ts';
import type { Clock } from './clock.ts';

/** Who did something: the signed-in user (or nobody, for failed logins) and where from. */
export interface Actor {
  id: number | null;
  username: string | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  detail?: Record<string, unknown>;
}

/** Runs `work` in `db` when it is a transaction already, else in a new one. */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Appends a row to the audit log. Pass the transaction when the audited change runs in one,
 * so the entry is written (or rolled back) with the change itself.
 */
export function createAuditLog(clock: Clock) {
  async function record(db: Kysely<Database>, actor: Actor, entry: AuditEntry): Promise<void> {
    await inTransaction(db, (trx) =>
      auditRepository.append(trx, {
        at: clock.now().toISOString(),
        category: auditCategoryOf(entry.action),
        actor_id: actor.id,
        actor_username: actor.username,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId == null ? null : String(entry.targetId),
        detail: entry.detail ? JSON.stringify(entry.detail) : null,
        ip: actor.ip,
      }),
    );
  }
  return {
    record,
    /**
     * Runs an audited change: `work` in one transaction, then its entry (built from what the
     * work returned when it needs it) in the same transaction, so both commit or neither does.
     */
    async change<T>(
      db: Kysely<Database>,
      actor: Actor,
      entry: AuditEntry | ((result: T) => AuditEntry),
      work: (trx: Transaction<Database>) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const result = await work(trx);
        await record(trx, actor, typeof entry === 'function' ? entry(result) : entry);
        return result;
      });
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
