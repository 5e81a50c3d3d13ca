import type { Grants } from '../permissions/permissions.policy.ts';
import type { ContentRow } from './snapshot.repository.ts';

export interface SnapshotReport {
  dbId: number;
  id: string;
  uId: string;
  name: string;
  kind: 'report' | 'dashboard';
  embedUrl: string;
}
export interface SnapshotWorkspace {
  id: string;
  name: string;
  reports: SnapshotReport[];
}
export interface SnapshotAccount {
  id: number;
  username: string;
  clientId: string;
  description: string;
  error: boolean;
  message: string | null;
  lastSyncAt: string | null;
  authType: 'MasterUser' | 'ServicePrincipal';
  tenantId: string | null;
  secretExpiresAt: string | null;
  workspaces: SnapshotWorkspace[];
}

/** Where a workspace (and optionally a report) sits; positions keep the display order. */
interface Placement {
  account: SnapshotAccount;
  workspace: SnapshotWorkspace;
  workspacePosition: number;
}
export interface ReportPlacement extends Placement {
  report: SnapshotReport;
  reportPosition: number;
}

/** All accounts > workspaces > reports in display order, with lookups by BI id. */
export interface ContentSnapshot {
  accounts: SnapshotAccount[];
  /** Every place a BI workspace / report appears (two accounts may share a BI workspace). */
  workspacesByBiId: Map<string, Placement[]>;
  reportsByBiId: Map<string, ReportPlacement[]>;
  reportsByUid: Map<string, ReportPlacement>;
  /** Highest report row id: a newer one in the database means reports were added since. */
  latestReportId: number;
}

function addTo<T>(index: Map<string, T[]>, key: string, value: T) {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

/** Folds flat rows (ordered by account, workspace, report) into a snapshot. */
export function buildSnapshot(rows: ContentRow[]): ContentSnapshot {
  const snapshot: ContentSnapshot = {
    accounts: [],
    workspacesByBiId: new Map(),
    reportsByBiId: new Map(),
    reportsByUid: new Map(),
    latestReportId: 0,
  };
  const accounts = new Map<number, SnapshotAccount>();
  const workspaces = new Map<number, SnapshotWorkspace>();
  for (const row of rows) {
    let account = accounts.get(row.account_id);
    if (!account) {
      account = {
        id: row.account_id,
        username: row.account_username,
        clientId: row.client_id,
        description: row.description,
        error: row.error === 1,
        message: row.message,
        lastSyncAt: row.last_sync_at,
        authType: row.auth_type === 'ServicePrincipal' ? 'ServicePrincipal' : 'MasterUser',
        tenantId: row.tenant_id ?? null,
        secretExpiresAt: row.secret_expires_at ?? null,
        workspaces: [],
      };
      accounts.set(row.account_id, account);
      snapshot.accounts.push(account);
    }
    if (row.workspace_id === null || row.workspace_bi_id === null) continue;
    let workspace = workspaces.get(row.workspace_id);
    if (!workspace) {
      workspace = { id: row.workspace_bi_id, name: row.workspace_name ?? '', reports: [] };
      workspaces.set(row.workspace_id, workspace);
      account.workspaces.push(workspace);
      addTo(snapshot.workspacesByBiId, workspace.id, {
        account,
        workspace,
        workspacePosition: account.workspaces.length - 1,
      });
    }
    if (row.report_id === null || row.report_bi_id === null || row.report_uid === null) continue;
    const report: SnapshotReport = {
      dbId: row.report_id,
      id: row.report_bi_id,
      uId: row.report_uid,
      name: row.report_name ?? '',
      kind: row.report_kind ?? 'report',
      embedUrl: row.report_embed_url ?? '',
    };
    workspace.reports.push(report);
    const placement: ReportPlacement = {
      account,
      workspace,
      workspacePosition: account.workspaces.length - 1,
      report,
      reportPosition: workspace.reports.length - 1,
    };
    addTo(snapshot.reportsByBiId, report.id, placement);
    snapshot.reportsByUid.set(report.uId, placement);
    snapshot.latestReportId = Math.max(snapshot.latestReportId, report.dbId);
  }
  return snapshot;
}

/**
 * The part of the snapshot a viewer's grants reach (inheritance account > workspace > report),
 * in display order. Only the granted elements are looked up, so the cost follows what the viewer
 * sees, not the size of the tenant.
 */
export function visibleContent(snapshot: ContentSnapshot, grants: Grants): SnapshotAccount[] {
  interface Partial {
    position: number;
    workspace: SnapshotWorkspace;
    whole: boolean;
    reports: { position: number; report: SnapshotReport }[];
  }
  const partial = new Map<SnapshotAccount, Map<SnapshotWorkspace, Partial>>();
  const entryFor = (place: Placement) => {
    const byWorkspace = partial.get(place.account) ?? new Map<SnapshotWorkspace, Partial>();
    partial.set(place.account, byWorkspace);
    let entry = byWorkspace.get(place.workspace);
    if (!entry) {
      entry = {
        position: place.workspacePosition,
        workspace: place.workspace,
        whole: false,
        reports: [],
      };
      byWorkspace.set(place.workspace, entry);
    }
    return entry;
  };
  for (const id of grants.workspaceBiIds) {
    for (const place of snapshot.workspacesByBiId.get(id) ?? []) entryFor(place).whole = true;
  }
  for (const id of grants.reportBiIds) {
    for (const place of snapshot.reportsByBiId.get(id) ?? []) {
      entryFor(place).reports.push({ position: place.reportPosition, report: place.report });
    }
  }

  const visible: SnapshotAccount[] = [];
  for (const account of snapshot.accounts) {
    if (grants.accountIds.has(account.id)) {
      visible.push(account);
      continue;
    }
    const entries = partial.get(account);
    if (!entries) continue;
    const workspaces = [...entries.values()]
      .sort((a, b) => a.position - b.position)
      .map((entry) =>
        entry.whole
          ? entry.workspace
          : {
              ...entry.workspace,
              reports: entry.reports.sort((a, b) => a.position - b.position).map((r) => r.report),
            },
      );
    visible.push({ ...account, workspaces });
  }
  return visible;
}
