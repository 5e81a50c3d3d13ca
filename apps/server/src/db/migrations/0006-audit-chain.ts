import type { Kysely, Migration } from 'kysely';
import { auditCategoryOf, entryHash, genesisHash } from '../../lib/audit-chain.ts';
import { inTransaction } from '../../lib/audit.ts';
import { auditRepository } from '../../lib/audit.repository.ts';
import type { Database } from '../schema.ts';

const batchSize = 1000;
const chainColumns = ['category', 'prev_hash', 'hash'];

/** Each filter column leads, then (at, id): newest-first pages read an index backwards. */
export const auditIndexes: Record<string, string[]> = {
  audit_log_at_idx: ['at', 'id'],
  audit_log_actor_idx: ['actor_username', 'at', 'id'],
  // "What did this user do of this kind" is the common pair; others narrow one index enough.
  audit_log_actor_action_idx: ['actor_username', 'action', 'at', 'id'],
  audit_log_action_idx: ['action', 'at', 'id'],
  audit_log_target_idx: ['target_type', 'target_id', 'at', 'id'],
  audit_log_category_idx: ['category', 'at'],
};

/**
 * The audit log becomes tamper-evident and searchable (issue 30): each entry gets its retention
 * category and its place in that category's hash chain, the entries already written are chained
 * in id order, and indexes serve the audit screen's filters newest first.
 */
export function auditChainMigration(): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as Kysely<Database>;
      for (const column of chainColumns) {
        await db.schema
          .alterTable('audit_log')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      await db.schema
        .createTable('audit_chain_heads')
        .addColumn('category', 'text', (c) => c.primaryKey())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('anchor_hash', 'text', (c) => c.notNull())
        .addColumn('last_id', 'integer')
        .execute();
      await chainExistingEntries(db);

      await db.schema.dropIndex('audit_log_at_idx').execute();
      for (const [name, columns] of Object.entries(auditIndexes)) {
        await db.schema.createIndex(name).on('audit_log').columns(columns).execute();
      }
    },
    /** Back to 0004's audit log (the tests write entries as the portal did before the chain). */
    async down(db: Kysely<unknown>) {
      for (const name of Object.keys(auditIndexes)) await db.schema.dropIndex(name).execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
      await db.schema.dropTable('audit_chain_heads').execute();
      for (const column of chainColumns) {
        await db.schema.alterTable('audit_log').dropColumn(column).execute();
      }
    },
  };
}

/** Walks the existing entries in id order, linking each to its category's previous one. */
async function chainExistingEntries(db: Kysely<Database>): Promise<void> {
  const heads = new Map<string, { hash: string; lastId: number }>();
  let after = 0;
  for (;;) {
    const rows = await auditRepository.batchAfter(db, after, batchSize);
    if (rows.length === 0) break;
    // One transaction per batch; PostgreSQL runs the whole migration in one already.
    await inTransaction(db, async (trx) => {
      for (const row of rows) {
        const category = auditCategoryOf(row.action);
        const previous = heads.get(category)?.hash ?? genesisHash;
        const hash = entryHash(previous, { ...row, category });
        await trx
          .updateTable('audit_log')
          .set({ category, prev_hash: previous, hash })
          .where('id', '=', row.id)
          .execute();
        heads.set(category, { hash, lastId: row.id });
      }
    });
    after = rows[rows.length - 1]!.id;
  }
  for (const [category, head] of heads) {
    await db
      .insertInto('audit_chain_heads')
      .values({ category, hash: head.hash, anchor_hash: genesisHash, last_id: head.lastId })
      .execute();
  }
}
