import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { entryHash, genesisHash } from '../../lib/audit-chain.ts';
import { auditRepository } from '../../lib/audit.repository.ts';

const batchSize = 5000;

export type ChainVerdict =
  { sound: true; entries: number } | { sound: false; entryId: number; reason: string };

/**
 * Checks every category's chain (decision 0273): each kept entry points at the hash before it
 * (the prune anchor for the oldest kept one) and its own hash matches its fields; the last
 * entry of each chain is the one its head names. Answers the first broken entry by id.
 */
export async function verifyAuditChain(db: Kysely<Database>): Promise<ChainVerdict> {
  const heads = await db.selectFrom('audit_chain_heads').selectAll().execute();
  const expected = new Map(heads.map((head) => [head.category, head.anchor_hash]));
  let after = 0;
  let entries = 0;
  for (;;) {
    const rows = await auditRepository.batchAfter(db, after, batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.prev_hash !== (expected.get(row.category) ?? genesisHash)) {
        return { sound: false, entryId: row.id, reason: 'no enlaza con la entrada anterior' };
      }
      if (row.hash !== entryHash(row.prev_hash, row)) {
        return { sound: false, entryId: row.id, reason: 'su contenido fue alterado' };
      }
      expected.set(row.category, row.hash);
    }
    entries += rows.length;
    after = rows[rows.length - 1]!.id;
  }
  for (const head of heads) {
    if (expected.get(head.category) !== head.hash) {
      const entryId = head.last_id ?? 0;
      return { sound: false, entryId, reason: `falta; era la última de «${head.category}»` };
    }
  }
  return { sound: true, entries };
}
