import type { DatabaseSync } from 'node:sqlite';
import type {
  DashboardItem,
  DatasetItem,
  ReportItem,
  ReportType,
  TileItem,
} from '../catalog/content.ts';

export interface DatasetRow extends DatasetItem {
  workspaceId: string;
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

const reportColumns = 'id, workspace_id, dataset_id, name, report_type, current_revision';

function toReport(row: Record<string, unknown>): ReportRow {
  return {
    id: String(row['id']),
    workspaceId: String(row['workspace_id']),
    datasetId: String(row['dataset_id']),
    name: String(row['name']),
    reportType: String(row['report_type']) as ReportType,
    revision: Number(row['current_revision']),
  };
}

function toDataset(row: Record<string, unknown>): DatasetRow {
  return {
    id: String(row['id']),
    workspaceId: String(row['workspace_id']),
    name: String(row['name']),
    roles: JSON.parse(String(row['roles'])) as string[],
  };
}

function toDashboard(row: Record<string, unknown>): DashboardRow {
  return {
    id: String(row['id']),
    workspaceId: String(row['workspace_id']),
    displayName: String(row['display_name']),
    isReadOnly: Number(row['is_read_only']) === 1,
  };
}

function toTile(row: Record<string, unknown>): TileItem {
  return {
    id: String(row['id']),
    title: String(row['title']),
    reportId: String(row['report_id']),
    datasetId: String(row['dataset_id']),
    pageName: String(row['page_name']),
    visualName: String(row['visual_name']),
    row: Number(row['row_index']),
    col: Number(row['col_index']),
    rowSpan: Number(row['row_span']),
    colSpan: Number(row['col_span']),
  };
}

/** Datasets, reports with their revisions, dashboards and tiles. */
export function createContentRepository(db: DatabaseSync) {
  const byWorkspace = (table: string, columns: string, workspaceId: string) =>
    db
      .prepare(`SELECT ${columns} FROM ${table} WHERE workspace_id = ? ORDER BY rowid`)
      .all(workspaceId);
  const byId = (table: string, columns: string, id: string) =>
    db.prepare(`SELECT ${columns} FROM ${table} WHERE id = ?`).get(id.toLowerCase());

  return {
    listDatasets: (workspaceId: string) => byWorkspace('datasets', '*', workspaceId).map(toDataset),
    listReports: (workspaceId: string) =>
      byWorkspace('reports', reportColumns, workspaceId).map(toReport),
    listDashboards: (workspaceId: string) =>
      byWorkspace('dashboards', '*', workspaceId).map(toDashboard),

    getDataset(id: string): DatasetRow | undefined {
      const row = byId('datasets', '*', id);
      return row ? toDataset(row) : undefined;
    },
    getReport(id: string): ReportRow | undefined {
      const row = byId('reports', reportColumns, id);
      return row ? toReport(row) : undefined;
    },
    getDashboard(id: string): DashboardRow | undefined {
      const row = byId('dashboards', '*', id);
      return row ? toDashboard(row) : undefined;
    },
    listTiles(dashboardId: string): TileItem[] {
      return db
        .prepare('SELECT * FROM tiles WHERE dashboard_id = ? ORDER BY rowid')
        .all(dashboardId)
        .map(toTile);
    },

    /** The definition stored for a report's revision (the current one when omitted). */
    getDefinition(reportId: string, revision?: number): unknown {
      const row = db
        .prepare(
          `SELECT r.definition FROM report_revisions r JOIN reports p ON p.id = r.report_id
           WHERE r.report_id = ? AND r.revision = COALESCE(?, p.current_revision)`,
        )
        .get(reportId, revision ?? null);
      return row ? (JSON.parse(String(row['definition'])) as unknown) : undefined;
    },

    /** Appends a revision and makes it current; earlier revisions stay. Returns its number. */
    addRevision(reportId: string, definition: unknown, savedBy: string): number {
      const row = db
        .prepare(
          'SELECT COALESCE(MAX(revision), 0) + 1 AS next FROM report_revisions WHERE report_id = ?',
        )
        .get(reportId);
      const revision = Number(row?.['next'] ?? 1);
      db.prepare(
        'INSERT INTO report_revisions (report_id, revision, definition, saved_by, saved_at) VALUES (?, ?, ?, ?, ?)',
      ).run(reportId, revision, JSON.stringify(definition), savedBy, new Date().toISOString());
      db.prepare('UPDATE reports SET current_revision = ? WHERE id = ?').run(revision, reportId);
      return revision;
    },

    countRevisions(reportId: string): number {
      const row = db
        .prepare('SELECT COUNT(*) AS n FROM report_revisions WHERE report_id = ?')
        .get(reportId);
      return Number(row?.['n'] ?? 0);
    },

    insertDataset(workspaceId: string, dataset: DatasetItem): void {
      db.prepare('INSERT INTO datasets (id, workspace_id, name, roles) VALUES (?, ?, ?, ?)').run(
        dataset.id.toLowerCase(),
        workspaceId,
        dataset.name,
        JSON.stringify(dataset.roles),
      );
    },

    /** Creates the report with revision 1 holding `report.definition`. */
    insertReport(workspaceId: string, report: ReportItem, savedBy: string): void {
      db.prepare(
        `INSERT INTO reports (id, workspace_id, dataset_id, name, report_type, current_revision)
         VALUES (?, ?, ?, ?, ?, 0)`,
      ).run(
        report.id.toLowerCase(),
        workspaceId,
        report.datasetId.toLowerCase(),
        report.name,
        report.reportType,
      );
      this.addRevision(report.id.toLowerCase(), report.definition, savedBy);
    },

    insertDashboard(workspaceId: string, dashboard: DashboardItem): void {
      db.prepare(
        'INSERT INTO dashboards (id, workspace_id, display_name, is_read_only) VALUES (?, ?, ?, ?)',
      ).run(
        dashboard.id.toLowerCase(),
        workspaceId,
        dashboard.displayName,
        dashboard.isReadOnly ? 1 : 0,
      );
      const insertTile = db.prepare(
        `INSERT INTO tiles (id, dashboard_id, title, report_id, dataset_id, page_name, visual_name,
           row_index, col_index, row_span, col_span) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const tile of dashboard.tiles) {
        insertTile.run(
          tile.id.toLowerCase(),
          dashboard.id.toLowerCase(),
          tile.title,
          tile.reportId.toLowerCase(),
          tile.datasetId.toLowerCase(),
          tile.pageName,
          tile.visualName,
          tile.row,
          tile.col,
          tile.rowSpan,
          tile.colSpan,
        );
      }
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
