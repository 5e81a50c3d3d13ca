import type { Selectable } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { BiDb } from '../../db/database.ts';
import { firstMapped } from '../../db/first-mapped.ts';
import type { ImportsTable } from '../../db/schema.ts';

export type ImportState = ImportsTable['state'];

export interface ImportRow {
  id: string;
  workspaceId: string;
  name: string;
  state: ImportState;
  datasetId: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

const toRow = (row: Selectable<ImportsTable>): ImportRow => ({
  id: row.id,
  workspaceId: row.workspace_id,
  name: row.name,
  state: row.state,
  datasetId: row.dataset_id,
  error: row.error,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** File imports and how they ended. */
export function createImportsRepository(db: BiDb, clock: Clock) {
  return {
    async start(id: string, workspaceId: string, name: string): Promise<void> {
      const now = clock.now().toISOString();
      await db
        .insertInto('imports')
        .values({
          id,
          workspace_id: workspaceId,
          name,
          state: 'Publishing',
          dataset_id: null,
          error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },

    async finish(
      id: string,
      outcome: { datasetId: string } | { error: string },
    ): Promise<ImportRow | undefined> {
      await db
        .updateTable('imports')
        .set({
          state: 'datasetId' in outcome ? 'Succeeded' : 'Failed',
          dataset_id: 'datasetId' in outcome ? outcome.datasetId : null,
          error: 'error' in outcome ? outcome.error : null,
          updated_at: clock.now().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return this.get(id);
    },

    /** A workspace's imports, newest first (Power BI's Get Imports In Group). */
    async list(workspaceId: string): Promise<ImportRow[]> {
      const rows = await db
        .selectFrom('imports')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('updated_at', 'desc')
        .execute();
      return rows.map(toRow);
    },

    async get(id: string): Promise<ImportRow | undefined> {
      return firstMapped(
        db.selectFrom('imports').selectAll().where('id', '=', id.toLowerCase()),
        toRow,
      );
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
