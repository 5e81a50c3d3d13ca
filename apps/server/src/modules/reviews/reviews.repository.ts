import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccessReviewLinesTable, AccessReviewsTable, Database } from '../../db/schema.ts';
import { firstValue } from '../../db/first-value.ts';
import { updatedOneRow } from '../../db/updated-one-row.ts';

export type ReviewRow = Selectable<AccessReviewsTable>;
export type ReviewLineRow = Selectable<AccessReviewLinesTable>;

/** Kysely queries on access reviews; pass a transaction as `db` to run them inside it. */
export const reviewsRepository = {
  async insert(
    db: Kysely<Database>,
    review: Insertable<AccessReviewsTable>,
    lines: Omit<Insertable<AccessReviewLinesTable>, 'review_id'>[],
  ): Promise<number> {
    const { id } = await db
      .insertInto('access_reviews')
      .values(review)
      .returning('id')
      .executeTakeFirstOrThrow();
    // Chunked to stay under SQLite's bound-parameter limit.
    for (let i = 0; i < lines.length; i += 200) {
      const chunk = lines.slice(i, i + 200).map((line) => ({ ...line, review_id: id }));
      await db.insertInto('access_review_lines').values(chunk).execute();
    }
    return id;
  },

  all(db: Kysely<Database>) {
    return db.selectFrom('access_reviews').selectAll().orderBy('id', 'desc').execute();
  },

  get(db: Kysely<Database>, id: number) {
    return db.selectFrom('access_reviews').selectAll().where('id', '=', id).executeTakeFirst();
  },

  lines(db: Kysely<Database>, reviewId: number) {
    return db
      .selectFrom('access_review_lines')
      .selectAll()
      .where('review_id', '=', reviewId)
      .orderBy('report_name')
      .orderBy('username')
      .orderBy('id')
      .execute();
  },

  /** Undecided lines per review. */
  async pendingCounts(db: Kysely<Database>): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('access_review_lines')
      .select(['review_id', (eb) => eb.fn.countAll<number>().as('pending')])
      .where('decision', 'is', null)
      .groupBy('review_id')
      .execute();
    return new Map(rows.map((row) => [row.review_id, Number(row.pending)]));
  },

  async decide(
    db: Kysely<Database>,
    lineId: number,
    decision: 'keep' | 'remove',
    at: string,
    by: string | null,
  ): Promise<void> {
    await db
      .updateTable('access_review_lines')
      .set({ decision, decided_at: at, decided_by: by })
      .where('id', '=', lineId)
      .execute();
  },

  /**
   * Claims the escalation of a review past its due date: true for the one caller (of every
   * instance) that marked it, which then marks its undecided lines and tells the administrators.
   */
  async claimEscalation(db: Kysely<Database>, reviewId: number, at: string): Promise<boolean> {
    const claimed = await updatedOneRow(
      db
        .updateTable('access_reviews')
        .set({ escalated_at: at })
        .where('id', '=', reviewId)
        .where('escalated_at', 'is', null),
    );
    if (!claimed) return false;
    await db
      .updateTable('access_review_lines')
      .set({ escalated: 1 })
      .where('review_id', '=', reviewId)
      .where('decision', 'is', null)
      .execute();
    return true;
  },

  /** Reviews whose due date passed (`dueBefore` is today) and that were not escalated yet. */
  overdue(db: Kysely<Database>, today: string) {
    return db
      .selectFrom('access_reviews')
      .selectAll()
      .where('due_date', '<', today)
      .where('escalated_at', 'is', null)
      .execute();
  },

  /** An integration account's name (its description); undefined for none, or no id. */
  async accountName(
    db: Kysely<Database>,
    accountId: number | undefined,
  ): Promise<string | undefined> {
    if (accountId === undefined) return undefined;
    return firstValue(
      db.selectFrom('accounts').select('description').where('id', '=', accountId),
      'description',
    );
  },

  administratorMails(db: Kysely<Database>, administratorRole: number) {
    return db.selectFrom('users').select('mail').where('rol', '=', administratorRole).execute();
  },
};
