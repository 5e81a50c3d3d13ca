import type { Selectable } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { BiDb } from '../../db/database.ts';
import { firstMapped } from '../../db/first-mapped.ts';
import type { ExportJobsTable } from '../../db/schema.ts';

export type ExportStatus = ExportJobsTable['status'];

export interface ExportJobRow {
  id: string;
  workspaceId: string;
  reportId: string;
  reportName: string;
  format: string;
  status: ExportStatus;
  percentComplete: number;
  fileExtension: string | null;
  error: { code: string; message: string } | null;
  retryAfterSeconds: number | null;
  createdAt: string;
  lastActionAt: string;
  expiresAt: string | null;
}

const toRow = (row: Selectable<ExportJobsTable>): ExportJobRow => ({
  id: row.id,
  workspaceId: row.workspace_id,
  reportId: row.report_id,
  reportName: row.report_name,
  format: row.format,
  status: row.status,
  percentComplete: row.percent_complete,
  fileExtension: row.file_extension,
  error:
    row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
  retryAfterSeconds: row.retry_after,
  createdAt: row.created_at,
  lastActionAt: row.last_action_at,
  expiresAt: row.expires_at,
});

export interface ExportFailure {
  code: string;
  message: string;
  /** Set when the caller should retry the whole export after this many seconds. */
  retryAfterSeconds?: number | undefined;
}

/** Export To File jobs and how far each got. */
export function createExportsRepository(db: BiDb, clock: Clock) {
  const now = () => clock.now().toISOString();
  const failedFields = (failure: ExportFailure, expiresAt: string) => ({
    status: 'Failed' as const,
    error_code: failure.code,
    error_message: failure.message,
    retry_after: failure.retryAfterSeconds ?? null,
    expires_at: expiresAt,
    last_action_at: now(),
  });
  return {
    async create(job: {
      id: string;
      workspaceId: string;
      reportId: string;
      reportName: string;
      format: string;
    }): Promise<void> {
      const at = now();
      await db
        .insertInto('export_jobs')
        .values({
          id: job.id,
          workspace_id: job.workspaceId,
          report_id: job.reportId,
          report_name: job.reportName,
          format: job.format,
          status: 'NotStarted',
          percent_complete: 0,
          created_at: at,
          last_action_at: at,
        })
        .execute();
    },

    async progress(id: string, status: 'Running', percentComplete: number): Promise<void> {
      await db
        .updateTable('export_jobs')
        .set({ status, percent_complete: percentComplete, last_action_at: now() })
        .where('id', '=', id)
        .execute();
    },

    async succeed(id: string, fileExtension: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('export_jobs')
        .set({
          status: 'Succeeded',
          percent_complete: 100,
          file_extension: fileExtension,
          expires_at: expiresAt,
          last_action_at: now(),
        })
        .where('id', '=', id)
        .execute();
    },

    async fail(id: string, failure: ExportFailure, expiresAt: string): Promise<void> {
      await db
        .updateTable('export_jobs')
        .set(failedFields(failure, expiresAt))
        .where('id', '=', id)
        .execute();
    },

    /** Jobs a previous process left unfinished fail (retryable): nothing is drawing them now. */
    async failUnfinished(failure: ExportFailure, expiresAt: string): Promise<number> {
      const result = await db
        .updateTable('export_jobs')
        .set(failedFields(failure, expiresAt))
        .where('status', 'in', ['NotStarted', 'Running'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async get(id: string): Promise<ExportJobRow | undefined> {
      return firstMapped(db.selectFrom('export_jobs').selectAll().where('id', '=', id), toRow);
    },

    /** A job the queue refused: it never was. */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('export_jobs').where('id', '=', id).execute();
    },

    /** Removes the jobs whose expiry is at or before `at`; answers them, for their files. */
    async removeExpired(at: string): Promise<{ id: string; fileExtension: string | null }[]> {
      const rows = await db
        .deleteFrom('export_jobs')
        .where('expires_at', '<=', at)
        .returning(['id', 'file_extension'])
        .execute();
      return rows.map((row) => ({ id: row.id, fileExtension: row.file_extension }));
    },
  };
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>;
