import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One row per (account, workspace, report), with nulls where an account or workspace is empty. */
export interface ContentRow {
  account_id: number;
  account_username: string;
  client_id: string;
  description: string;
  error: number;
  message: string | null;
  last_sync_at: string | null;
  /** Sign-in fields of issue 15 (optional so rows built by hand may leave them out). */
  auth_type?: string;
  tenant_id?: string | null;
  secret_expires_at?: string | null;
  workspace_id: number | null;
  workspace_bi_id: string | null;
  workspace_name: string | null;
  report_id: number | null;
  report_bi_id: string | null;
  report_uid: string | null;
  report_name: string | null;
  report_kind: 'report' | 'dashboard' | null;
  report_embed_url: string | null;
}

/** The reads behind the in-memory content snapshot (decision 0024). */
export const snapshotRepository = {
  /** The highest report row id (0 when there are none). */
  async latestReportId(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('reports')
      .select((eb) => eb.fn.max('id').as('latest'))
      .executeTakeFirst();
    return Number(row?.latest ?? 0);
  },

  /** Every account > workspace > report, ordered for display. */
  listAllContent(db: Kysely<Database>): Promise<ContentRow[]> {
    return db
      .selectFrom('accounts as a')
      .leftJoin('workspaces as w', 'w.account_id', 'a.id')
      .leftJoin('reports as r', 'r.workspace_id', 'w.id')
      .select([
        'a.id as account_id',
        'a.username as account_username',
        'a.client_id',
        'a.description',
        'a.error',
        'a.message',
        'a.last_sync_at',
        'a.auth_type',
        'a.tenant_id',
        'a.secret_expires_at',
        'w.id as workspace_id',
        'w.bi_id as workspace_bi_id',
        'w.name as workspace_name',
        'r.id as report_id',
        'r.bi_id as report_bi_id',
        'r.uid as report_uid',
        'r.name as report_name',
        'r.kind as report_kind',
        'r.embed_url as report_embed_url',
      ])
      .orderBy('a.description')
      .orderBy('a.id')
      .orderBy('w.name')
      .orderBy('w.id')
      .orderBy('r.name')
      .orderBy('r.id')
      .execute();
  },
};
