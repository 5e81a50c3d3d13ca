import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction, type Actor, type AuditLog } from '../../lib/audit.ts';
import { auditCategories } from '../../lib/audit-chain.ts';
import { auditRepository } from '../../lib/audit.repository.ts';
import type { AuditRetention } from '../../lib/audit-retention-config.ts';
import type { Clock } from '../../lib/clock.ts';

const dayMs = 86_400_000;
const retentionActor: Actor = { id: null, username: 'sistema', ip: null };

export interface PrunedCategory {
  category: string;
  deleted: number;
  throughId: number;
}

/**
 * Deletes audit entries past their category's retention (decision 0274). A category's chain is
 * cut at its oldest end only: everything up to its newest entry older than the cutoff goes, the
 * head keeps that entry's hash as the anchor the oldest kept entry points at, and the cut is
 * itself an audited entry in the same transaction.
 */
export function createAuditRetention(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditLog;
  retention: AuditRetention;
}) {
  async function pruneCategory(category: string, days: number): Promise<PrunedCategory | null> {
    const cutoff = new Date(deps.clock.now().getTime() - days * dayMs).toISOString();
    // Most days nothing is due: look before taking the chain's lock.
    if (!(await auditRepository.newestBefore(deps.db, category, cutoff))) return null;
    return inTransaction(deps.db, async (trx) => {
      await auditRepository.lockHead(trx, category);
      const last = await auditRepository.newestBefore(trx, category, cutoff);
      if (!last) return null;
      const deleted = await auditRepository.deleteThrough(trx, category, last.id, last.hash);
      const pruned = { category, deleted, throughId: last.id };
      await deps.audit.record(trx, retentionActor, {
        action: 'audit.pruned',
        targetType: 'audit',
        targetId: category,
        detail: { ...pruned, retentionDays: days, cutoff, anchorHash: last.hash },
      });
      return pruned;
    });
  }

  return {
    /** Prunes every category; answers those that lost entries. */
    async prune(): Promise<PrunedCategory[]> {
      const pruned: PrunedCategory[] = [];
      for (const category of auditCategories) {
        const days = deps.retention.byCategory[category] ?? deps.retention.days;
        const result = await pruneCategory(category, days);
        if (result) pruned.push(result);
      }
      return pruned;
    },
  };
}
export type AuditRetentionService = ReturnType<typeof createAuditRetention>;
