import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hasRow } from '../db/has-row.ts';
import { entryHash, genesisHash, type ChainedFields } from './audit-chain.ts';

/** Kysely queries on the audit log; pass a transaction as `db` to run them inside it. */
export const auditRepository = {
  /**
   * Locks the category's chain head and answers it; the row is created on first use. The
   * upsert takes the row lock on PostgreSQL, so concurrent appends of the category (on every
   * instance) wait here until the holder commits, then read the head it left.
   */
  async lockHead(trx: Kysely<Database>, category: string) {
    return trx
      .insertInto('audit_chain_heads')
      .values({ category, hash: genesisHash, anchor_hash: genesisHash, last_id: null })
      .onConflict((conflict) =>
        conflict
          .column('category')
          .doUpdateSet((eb) => ({ hash: eb.ref('audit_chain_heads.hash') })),
      )
      .returning(['hash', 'anchor_hash', 'last_id'])
      .executeTakeFirstOrThrow();
  },

  /** Appends an entry to its category's chain; `trx` must be a transaction. */
  async append(trx: Kysely<Database>, fields: ChainedFields): Promise<void> {
    const head = await auditRepository.lockHead(trx, fields.category);
    const hash = entryHash(head.hash, fields);
    const { id } = await trx
      .insertInto('audit_log')
      .values({ ...fields, prev_hash: head.hash, hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('audit_chain_heads')
      .set({ hash, last_id: id })
      .where('category', '=', fields.category)
      .execute();
  },

  /** The newest entry of `category` written before `cutoff` (where a prune cuts the chain). */
  async newestBefore(trx: Kysely<Database>, category: string, cutoff: string) {
    return trx
      .selectFrom('audit_log')
      .select(['id', 'hash'])
      .where('category', '=', category)
      .where('at', '<', cutoff)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /**
   * Deletes the oldest end of a category's chain up to entry `id`; the head keeps that entry's
   * hash as the anchor. Answers how many entries went.
   */
  async deleteThrough(
    trx: Kysely<Database>,
    category: string,
    id: number,
    hash: string,
  ): Promise<number> {
    const result = await trx
      .deleteFrom('audit_log')
      .where('category', '=', category)
      .where('id', '<=', id)
      .executeTakeFirst();
    await trx
      .updateTable('audit_chain_heads')
      .set({ anchor_hash: hash })
      .where('category', '=', category)
      .execute();
    return Number(result.numDeletedRows);
  },

  /** Entries after id `afterId`, in id order, `limit` at a time (the chain's order). */
  batchAfter(db: Kysely<Database>, afterId: number, limit: number) {
    return db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Whether `action` was ever recorded (one-off steps such as seeding the demo accounts). */
  hasAction(db: Kysely<Database>, action: string): Promise<boolean> {
    return hasRow(db.selectFrom('audit_log').select('id').where('action', '=', action));
  },
};
