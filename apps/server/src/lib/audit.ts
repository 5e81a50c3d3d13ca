import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
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

/**
 * Appends a row to the audit log. Pass the transaction when the audited change runs in one,
 * so the entry is written (or rolled back) with the change itself.
 */
export function createAuditLog(clock: Clock) {
  return {
    async record(db: Kysely<Database>, actor: Actor, entry: AuditEntry): Promise<void> {
      await auditRepository.insert(db, {
        at: clock.now().toISOString(),
        actor_id: actor.id,
        actor_username: actor.username,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId == null ? null : String(entry.targetId),
        detail: entry.detail ? JSON.stringify(entry.detail) : null,
        ip: actor.ip,
      });
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
