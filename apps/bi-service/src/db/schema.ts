import type { ImportState, RetentionPolicy } from '@vitrina/bi-model';
import type { Generated } from 'kysely';

/** The metadata tables as Kysely sees them; booleans are 0/1 integers, times ISO-8601 text. */
export interface UsersTable {
  id: string;
  username: string;
  display_name: string;
  password_hash: string;
  created_at: string;
}

export interface AppsTable {
  client_id: string;
  description: string;
  /** NULL for public clients (password grant); argon2id hash for confidential ones. */
  secret_hash: string | null;
  created_at: string;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface MembershipsTable {
  workspace_id: string;
  principal_kind: 'user' | 'app';
  principal_id: string;
  role: 'Admin' | 'Member' | 'Contributor' | 'Viewer';
}

export interface DatasetsTable {
  id: string;
  workspace_id: string;
  name: string;
  /** JSON array of row-level-security role names. */
  roles: string;
}

export interface ReportsTable {
  id: string;
  workspace_id: string;
  dataset_id: string;
  name: string;
  report_type: 'PowerBIReport' | 'PaginatedReport';
  current_revision: number;
}

export interface ReportRevisionsTable {
  report_id: string;
  revision: number;
  /** The definition as JSON text. */
  definition: string;
  saved_by: string;
  saved_at: string;
}

/** The embed token (its `jti`) that made a report by save as or create (decision 0224). */
export interface ReportCreatorTokensTable {
  report_id: string;
  token_id: string;
}

export interface DashboardsTable {
  id: string;
  workspace_id: string;
  display_name: string;
  is_read_only: number;
}

export interface TilesTable {
  id: string;
  dashboard_id: string;
  title: string;
  report_id: string;
  dataset_id: string;
  page_name: string;
  visual_name: string;
  row_index: number;
  col_index: number;
  row_span: number;
  col_span: number;
}

export interface OwnedDatasetsTable {
  dataset_id: string;
  source_kind: 'push' | 'import' | 'postgres';
  /** The DatasetDefinition as JSON text. */
  definition: string;
  retention: RetentionPolicy;
  /** JSON: how to read the data again (an imported file's dialect, a PostgreSQL source). */
  source: string;
  /** Goes up by one with every write to the dataset's data or definition. */
  version: number;
  updated_at: string;
}

export interface ImportsTable {
  id: string;
  workspace_id: string;
  name: string;
  state: ImportState;
  dataset_id: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshesTable {
  id: Generated<number>;
  dataset_id: string;
  request_id: string;
  refresh_type: 'Scheduled' | 'OnDemand' | 'ViaApi';
  status: 'Unknown' | 'Completed' | 'Failed';
  start_time: string;
  end_time: string | null;
  error: string | null;
}

/** Export To File jobs; the file is on disk, named after the id. */
export interface ExportJobsTable {
  id: string;
  workspace_id: string;
  report_id: string;
  report_name: string;
  format: string;
  status: 'NotStarted' | 'Running' | 'Succeeded' | 'Failed';
  percent_complete: number;
  file_extension: string | null;
  error_code: string | null;
  error_message: string | null;
  /** Seconds to wait before retrying a Failed job; NULL: the failure is permanent. */
  retry_after: number | null;
  created_at: string;
  last_action_at: string;
  expires_at: string | null;
}

export interface BiDatabase {
  users: UsersTable;
  apps: AppsTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  datasets: DatasetsTable;
  reports: ReportsTable;
  report_revisions: ReportRevisionsTable;
  report_creator_tokens: ReportCreatorTokensTable;
  dashboards: DashboardsTable;
  tiles: TilesTable;
  owned_datasets: OwnedDatasetsTable;
  imports: ImportsTable;
  refreshes: RefreshesTable;
  export_jobs: ExportJobsTable;
}
