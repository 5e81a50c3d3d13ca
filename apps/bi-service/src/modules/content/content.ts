/**
 * The content a workspace holds, as the seeding code and the demo module exchange it. Report
 * definitions and tiles are the contract's (@vitrina/bi-model); definitions are stored as given.
 */
import type { AnyDefinition, DashboardTile, ReportType } from '@vitrina/bi-model';

export type { ReportType };
/** A dashboard tile as stored and as the embed API returns it. */
export type TileItem = DashboardTile;

export interface DatasetItem {
  id: string;
  name: string;
  /** Row-level-security role names; a dataset with roles requires an effective identity. */
  roles: string[];
}

export interface ReportItem {
  id: string;
  name: string;
  datasetId: string;
  reportType: ReportType;
  definition: AnyDefinition;
}

export interface DashboardItem {
  id: string;
  displayName: string;
  isReadOnly?: boolean;
  tiles: TileItem[];
}

export interface WorkspaceContent {
  /** Workspace name; its id is derived from the name (see workspaceIdFor). */
  name: string;
  datasets: DatasetItem[];
  reports: ReportItem[];
  dashboards: DashboardItem[];
}
