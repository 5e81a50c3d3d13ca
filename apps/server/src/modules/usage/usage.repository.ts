import type { Insertable, Kysely } from 'kysely';
import type { Database, UsageOpensTable } from '../../db/schema.ts';

/** Which opens a read covers: UTC days (both included) and optionally one report, user, place. */
export interface OpensScope {
  fromDay: number;
  toDay: number;
  reportUid?: string;
  userId?: number;
  accountId?: number;
  workspaceId?: string;
}

/** An open as the figures need it (PostgreSQL's bigint arrives as text, made a number here). */
export interface StoredOpen {
  atMs: number;
  day: number;
  reportUid: string;
  userId: number;
  page: string | null;
  tokenMs: number | null;
  loadedMs: number | null;
  renderedMs: number | null;
  totalMs: number | null;
  errorCode: string | null;
  phone: boolean;
}

export const usageRepository = {
  async insert(db: Kysely<Database>, open: Insertable<UsageOpensTable>): Promise<void> {
    await db.insertInto('usage_opens').values(open).execute();
  },

  /** The opens in `scope`, oldest first. */
  async opens(db: Kysely<Database>, scope: OpensScope): Promise<StoredOpen[]> {
    let query = db
      .selectFrom('usage_opens')
      .select([
        'at_ms',
        'day',
        'report_uid',
        'user_id',
        'page',
        'token_ms',
        'loaded_ms',
        'rendered_ms',
        'total_ms',
        'error_code',
        'phone',
      ])
      .where('day', '>=', scope.fromDay)
      .where('day', '<=', scope.toDay);
    if (scope.reportUid !== undefined) query = query.where('report_uid', '=', scope.reportUid);
    if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
    if (scope.accountId !== undefined) query = query.where('account_id', '=', scope.accountId);
    if (scope.workspaceId !== undefined)
      query = query.where('workspace_id', '=', scope.workspaceId);
    const rows = await query.orderBy('at_ms').execute();
    return rows.map((row) => ({
      atMs: Number(row.at_ms),
      day: row.day,
      reportUid: row.report_uid,
      userId: row.user_id,
      page: row.page,
      tokenMs: row.token_ms,
      loadedMs: row.loaded_ms,
      renderedMs: row.rendered_ms,
      totalMs: row.total_ms,
      errorCode: row.error_code,
      phone: row.phone === 1,
    }));
  },

  /** The last open of every report opened since `fromDay`. */
  async lastOpens(db: Kysely<Database>, fromDay: number): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('usage_opens')
      .select(['report_uid', (eb) => eb.fn.max('at_ms').as('last')])
      .where('day', '>=', fromDay)
      .groupBy('report_uid')
      .execute();
    return new Map(rows.map((row) => [row.report_uid, Number(row.last)]));
  },

  /** Each user's last open (epoch ms) of each of `reportUids`, keyed `userId` newline `uid`. */
  async lastOpensByUser(db: Kysely<Database>, reportUids: string[]): Promise<Map<string, number>> {
    const last = new Map<string, number>();
    for (let i = 0; i < reportUids.length; i += 500) {
      const rows = await db
        .selectFrom('usage_opens')
        .select(['user_id', 'report_uid', (eb) => eb.fn.max('at_ms').as('last')])
        .where('report_uid', 'in', reportUids.slice(i, i + 500))
        .groupBy(['user_id', 'report_uid'])
        .execute();
      for (const row of rows) last.set(`${row.user_id}\n${row.report_uid}`, Number(row.last));
    }
    return last;
  },

  /** Deletes the opens of days before `day`; answers how many went. */
  async pruneBefore(db: Kysely<Database>, day: number): Promise<number> {
    const result = await db.deleteFrom('usage_opens').where('day', '<', day).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
