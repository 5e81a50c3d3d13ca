import { sql, type Selectable } from 'kysely';
import type { Clock } from '../clock.ts';
import type { DashboardItem, DatasetItem, ReportItem, ReportType, TileItem } from './content.ts';
import type { BiDb } from './database.ts';
import type {
  DashboardsTable,
  DatasetsTable,
  OwnedDatasetsTable,
  ReportsTable,
  TilesTable,
} from './schema.ts';

export interface DatasetRow extends DatasetItem {
  workspaceId: string;
  /** How a dataset filled at run time gets its data; absent for datasets declared in code. */
  sourceKind?: OwnedDatasetsTable['source_kind'];
}

export interface ReportRow {
  id: string;
  workspaceId: string;
  datasetId: string;
  name: string;
  reportType: ReportType;
  revision: number;
}

export interface DashboardRow {
  id: string;
  workspaceId: string;
  displayName: string;
  isReadOnly: boolean;
}

const toReport = (row: Selectable<ReportsTable>): ReportRow => ({
  id: row.id,
  workspaceId: row.workspace_id,
  datasetId: row.dataset_id,
  name: row.name,
  reportType: row.report_type,
  revision: row.current_revision,
});

const toDataset = (
  row: Selectable<DatasetsTable> & { source_kind: OwnedDatasetsTable['source_kind'] | null },
): DatasetRow => ({
  id: row.id,
  workspaceId: row.workspace_id,
  name: row.name,
  roles: JSON.parse(row.roles) as string[],
  ...(row.source_kind ? { sourceKind: row.source_kind } : {}),
});

const toDashboard = (row: Selectable<DashboardsTable>): DashboardRow => ({
  id: row.id,
  workspaceId: row.workspace_id,
  displayName: row.display_name,
  isReadOnly: row.is_read_only === 1,
});

const toTile = (row: Selectable<TilesTable>): TileItem => ({
  id: row.id,
  title: row.title,
  reportId: row.report_id,
  datasetId: row.dataset_id,
  pageName: row.page_name,
  visualName: row.visual_name,
  row: row.row_index,
  col: row.col_index,
  rowSpan: row.row_span,
  colSpan: row.col_span,
});

/** Runs `work` in a transaction, or in the caller's when `db` already is one. */
const inOneTransaction = <T>(db: BiDb, work: (trx: BiDb) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/** Items in the order they were added (SQLite's rowid). */
const inserted = sql`rowid`;

/** Datasets, reports with their revisions, dashboards and tiles. Ids are stored lower-case. */
export function createContentRepository(db: BiDb, clock: Clock) {
  const datasetsWithSource = () =>
    db
      .selectFrom('datasets')
      .leftJoin('owned_datasets', 'owned_datasets.dataset_id', 'datasets.id')
      .selectAll('datasets')
      .select('owned_datasets.source_kind');

  return {
    listDatasets: async (workspaceId: string) =>
      (
        await datasetsWithSource()
          .where('datasets.workspace_id', '=', workspaceId)
          .orderBy(sql`datasets.rowid`)
          .execute()
      ).map(toDataset),
    listReports: async (workspaceId: string) =>
      (
        await db
          .selectFrom('reports')
          .selectAll()
          .where('workspace_id', '=', workspaceId)
          .orderBy(inserted)
          .execute()
      ).map(toReport),
    listDashboards: async (workspaceId: string) =>
      (
        await db
          .selectFrom('dashboards')
          .selectAll()
          .where('workspace_id', '=', workspaceId)
          .orderBy(inserted)
          .execute()
      ).map(toDashboard),

    async getDataset(id: string): Promise<DatasetRow | undefined> {
      const row = await datasetsWithSource()
        .where('datasets.id', '=', id.toLowerCase())
        .executeTakeFirst();
      return row ? toDataset(row) : undefined;
    },
    async getReport(id: string): Promise<ReportRow | undefined> {
      const row = await db
        .selectFrom('reports')
        .selectAll()
        .where('id', '=', id.toLowerCase())
        .executeTakeFirst();
      return row ? toReport(row) : undefined;
    },
    async getDashboard(id: string): Promise<DashboardRow | undefined> {
      const row = await db
        .selectFrom('dashboards')
        .selectAll()
        .where('id', '=', id.toLowerCase())
        .executeTakeFirst();
      return row ? toDashboard(row) : undefined;
    },
    async listTiles(dashboardId: string): Promise<TileItem[]> {
      const rows = await db
        .selectFrom('tiles')
        .selectAll()
        .where('dashboard_id', '=', dashboardId)
        .orderBy(inserted)
        .execute();
      return rows.map(toTile);
    },

    /** The definition stored for a report's revision (the current one when omitted). */
    async getDefinition(reportId: string, revision?: number): Promise<unknown> {
      const row = await db
        .selectFrom('report_revisions as r')
        .innerJoin('reports as p', 'p.id', 'r.report_id')
        .select('r.definition')
        .where('r.report_id', '=', reportId)
        .where((eb) =>
          eb('r.revision', '=', revision === undefined ? eb.ref('p.current_revision') : revision),
        )
        .executeTakeFirst();
      return row ? (JSON.parse(row.definition) as unknown) : undefined;
    },

    /** Appends a revision and makes it current; earlier revisions stay. Returns its number. */
    async addRevision(reportId: string, definition: unknown, savedBy: string): Promise<number> {
      const outcome = await this.addRevisionOnto(reportId, undefined, definition, savedBy);
      if (!('saved' in outcome)) throw new Error(`Report ${reportId} does not exist`);
      return outcome.saved;
    },

    /**
     * Appends a revision only while the report is still at `baseRevision` (any revision when
     * undefined). The pointer moves with a conditional update, so of two saves onto the same
     * base exactly one wins; the other gets the revision that beat it and stores nothing.
     */
    async addRevisionOnto(
      reportId: string,
      baseRevision: number | undefined,
      definition: unknown,
      savedBy: string,
    ): Promise<{ saved: number } | { current: number }> {
      return inOneTransaction(db, async (trx) => {
        const report = await trx
          .selectFrom('reports')
          .select('current_revision')
          .where('id', '=', reportId)
          .executeTakeFirst();
        const current = report?.current_revision ?? 0;
        const base = baseRevision ?? current;
        if (!report || base !== current) return { current };
        const latest = await trx
          .selectFrom('report_revisions')
          .select((eb) => eb.fn.coalesce(eb.fn.max('revision'), sql<number>`0`).as('latest'))
          .where('report_id', '=', reportId)
          .executeTakeFirst();
        const revision = Number(latest?.latest ?? 0) + 1;
        const moved = await trx
          .updateTable('reports')
          .set({ current_revision: revision })
          .where('id', '=', reportId)
          .where('current_revision', '=', base)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return { current };
        await trx
          .insertInto('report_revisions')
          .values({
            report_id: reportId,
            revision,
            definition: JSON.stringify(definition),
            saved_by: savedBy,
            saved_at: clock.now().toISOString(),
          })
          .execute();
        return { saved: revision };
      });
    },

    /** Deletes a report with its revisions, its creator token and the tiles pinned from it. */
    async deleteReport(reportId: string): Promise<void> {
      await inOneTransaction(db, async (trx) => {
        await trx.deleteFrom('tiles').where('report_id', '=', reportId).execute();
        await trx.deleteFrom('report_revisions').where('report_id', '=', reportId).execute();
        await trx.deleteFrom('report_creator_tokens').where('report_id', '=', reportId).execute();
        await trx.deleteFrom('reports').where('id', '=', reportId).execute();
      });
    },

    /** The id of the embed token that made the report by save as or create, if one did. */
    async creatorTokenOf(reportId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('report_creator_tokens')
        .select('token_id')
        .where('report_id', '=', reportId)
        .executeTakeFirst();
      return row?.token_id;
    },

    async countRevisions(reportId: string): Promise<number> {
      const row = await db
        .selectFrom('report_revisions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('report_id', '=', reportId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insertDataset(workspaceId: string, dataset: DatasetItem): Promise<void> {
      await db
        .insertInto('datasets')
        .values({
          id: dataset.id.toLowerCase(),
          workspace_id: workspaceId,
          name: dataset.name,
          roles: JSON.stringify(dataset.roles),
        })
        .execute();
    },

    /**
     * Creates the report with revision 1 holding `report.definition`, in one transaction;
     * `creatorTokenId` is the jti of the embed token that made it (save as or create).
     */
    async insertReport(
      workspaceId: string,
      report: ReportItem,
      savedBy: string,
      creatorTokenId?: string,
    ): Promise<void> {
      const id = report.id.toLowerCase();
      await inOneTransaction(db, async (trx) => {
        await trx
          .insertInto('reports')
          .values({
            id,
            workspace_id: workspaceId,
            dataset_id: report.datasetId.toLowerCase(),
            name: report.name,
            report_type: report.reportType,
            current_revision: 0,
          })
          .execute();
        if (creatorTokenId !== undefined) {
          await trx
            .insertInto('report_creator_tokens')
            .values({ report_id: id, token_id: creatorTokenId })
            .execute();
        }
        await createContentRepository(trx, clock).addRevision(id, report.definition, savedBy);
      });
    },

    async insertDashboard(workspaceId: string, dashboard: DashboardItem): Promise<void> {
      const dashboardId = dashboard.id.toLowerCase();
      await db
        .insertInto('dashboards')
        .values({
          id: dashboardId,
          workspace_id: workspaceId,
          display_name: dashboard.displayName,
          is_read_only: dashboard.isReadOnly ? 1 : 0,
        })
        .execute();
      if (dashboard.tiles.length === 0) return;
      await db
        .insertInto('tiles')
        .values(
          dashboard.tiles.map((tile) => ({
            id: tile.id.toLowerCase(),
            dashboard_id: dashboardId,
            title: tile.title,
            report_id: tile.reportId.toLowerCase(),
            dataset_id: tile.datasetId.toLowerCase(),
            page_name: tile.pageName,
            visual_name: tile.visualName,
            row_index: tile.row,
            col_index: tile.col,
            row_span: tile.rowSpan,
            col_span: tile.colSpan,
          })),
        )
        .execute();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
