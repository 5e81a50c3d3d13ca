import type { Selectable } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { BiDb } from '../../db/database.ts';
import type { RefreshesTable } from '../../db/schema.ts';

export type RefreshType = RefreshesTable['refresh_type'];

export interface RefreshRow {
  id: number;
  requestId: string;
  refreshType: RefreshType;
  status: RefreshesTable['status'];
  startTime: string;
  endTime: string | null;
  error: string | null;
}

const toRow = (row: Selectable<RefreshesTable>): RefreshRow => ({
  id: Number(row.id),
  requestId: row.request_id,
  refreshType: row.refresh_type,
  status: row.status,
  startTime: row.start_time,
  endTime: row.end_time,
  error: row.error,
});

/** The refresh history of datasets with a source. */
export function createRefreshesRepository(db: BiDb, clock: Clock) {
  return {
    async start(datasetId: string, requestId: string, refreshType: RefreshType): Promise<number> {
      const row = await db
        .insertInto('refreshes')
        .values({
          dataset_id: datasetId,
          request_id: requestId,
          refresh_type: refreshType,
          status: 'Unknown',
          start_time: clock.now().toISOString(),
          end_time: null,
          error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async finish(id: number, error?: string): Promise<void> {
      await db
        .updateTable('refreshes')
        .set({
          status: error === undefined ? 'Completed' : 'Failed',
          end_time: clock.now().toISOString(),
          error: error ?? null,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Newest first, at most `top`. */
    async list(datasetId: string, top: number): Promise<RefreshRow[]> {
      const rows = await db
        .selectFrom('refreshes')
        .selectAll()
        .where('dataset_id', '=', datasetId)
        .orderBy('id', 'desc')
        .limit(top)
        .execute();
      return rows.map(toRow);
    },
  };
}

export type RefreshesRepository = ReturnType<typeof createRefreshesRepository>;
