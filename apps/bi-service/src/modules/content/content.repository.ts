import { sql, type Selectable } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type {
  DashboardItem,
  DatasetItem,
  ReportType,
  TileItem,
  WorkspaceContent,
} from './content.ts';
import { inOneTransaction, type BiDb } from '../../db/database.ts';
import { firstMapped } from '../../db/first-mapped.ts';
import { createReportRevisionsRepository } from './report-revisions.repository.ts';
import type {
  DashboardsTable,
  DatasetsTable,
  OwnedDatasetsTable,
  ReportsTable,
  TilesTable,
} from '../../db/schema.ts';

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

/** Items in the order they were added (SQLite's rowid). */
const inserted = sql`rowid`;

/** Datasets, reports with their revisions, dashboards and tiles. Ids are stored lower-case. */
export function createContentRepository(db: BiDb, clock: Clock) {
  const revisions = createReportRevisionsRepository(db, clock);
  const datasetsWithSource = () =>
    db
      .selectFrom('datasets')
      .leftJoin('owned_datasets', 'owned_datasets.dataset_id', 'datasets.id')
      .selectAll('datasets')
      .select('owned_datasets.source_kind');

  return {
    ...revisions,
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
      return firstMapped(
        datasetsWithSource().where('datasets.id', '=', id.toLowerCase()),
        toDataset,
      );
    },
    async getReport(id: string): Promise<ReportRow | undefined> {
      return firstMapped(
        db.selectFrom('reports').selectAll().where('id', '=', id.toLowerCase()),
        toReport,
      );
    },
    async getDashboard(id: string): Promise<DashboardRow | undefined> {
      return firstMapped(
        db.selectFrom('dashboards').selectAll().where('id', '=', id.toLowerCase()),
        toDashboard,
      );
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

    /** Inserts the items whose id is not there yet, in one transaction (seeding, the CLI). */
    async insertMissing(workspaceId: string, items: Omit<WorkspaceContent, 'name'>): Promise<void> {
      await inOneTransaction(db, async (trx) => {
        const content = createContentRepository(trx, clock);
        for (const dataset of items.datasets) {
          if (!(await content.getDataset(dataset.id)))
            await content.insertDataset(workspaceId, dataset);
        }
        for (const report of items.reports) {
          if (!(await content.getReport(report.id)))
            await content.insertReport(workspaceId, report, 'vitrina');
        }
        for (const dashboard of items.dashboards) {
          if (!(await content.getDashboard(dashboard.id)))
            await content.insertDashboard(workspaceId, dashboard);
        }
      });
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
