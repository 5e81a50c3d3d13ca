import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Grants } from '../permissions/permissions.policy.ts';
import { accountsRepository, type ContentRow } from './accounts.repository.ts';

export interface SnapshotReport {
  dbId: number;
  id: string;
  uId: string;
  name: string;
  kind: 'report' | 'dashboard';
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
  workspaces: SnapshotWorkspace[];
}

/** Where a workspace (and optionally a report) sits; positions keep the display order. */
interface Placement {
  account: SnapshotAccount;
  workspace: SnapshotWorkspace;
  workspacePosition: number;
}
interface ReportPlacement extends Placement {
  report: SnapshotReport;
  reportPosition: number;
}

/** All accounts > workspaces > reports in display order, with lookups by BI id. */
export interface ContentSnapshot {
  accounts: SnapshotAccount[];
  /** Every place a BI workspace / report appears (two accounts may share a BI workspace). */
  workspacesByBiId: Map<string, Placement[]>;
  reportsByBiId: Map<string, ReportPlacement[]>;
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
    };
    workspace.reports.push(report);
    addTo(snapshot.reportsByBiId, report.id, {
      account,
      workspace,
      workspacePosition: account.workspaces.length - 1,
      report,
      reportPosition: workspace.reports.length - 1,
    });
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

/**
 * Keeps the content snapshot in memory: the portal's own writes (sync, account changes) call
 * `invalidate()`, and a snapshot older than `maxAgeMs` is reloaded anyway, so another portal
 * process sharing a PostgreSQL database catches up within that time.
 */
export function createContentCache(deps: {
  db: Kysely<Database>;
  now: () => number;
  maxAgeMs?: number;
}) {
  const maxAgeMs = deps.maxAgeMs ?? 10_000;
  let current: { snapshot: ContentSnapshot; loadedAt: number; generation: number } | undefined;
  let loading: { promise: Promise<ContentSnapshot>; generation: number } | undefined;
  let generation = 0;

  function load(): Promise<ContentSnapshot> {
    const started = generation;
    const promise = accountsRepository.listAllContent(deps.db).then((rows) => {
      const snapshot = buildSnapshot(rows);
      // A write that landed while loading makes this snapshot stale: keep it for this caller only.
      if (started === generation) current = { snapshot, loadedAt: deps.now(), generation: started };
      return snapshot;
    });
    loading = { promise: promise.finally(() => (loading = undefined)), generation: started };
    return loading.promise;
  }

  return {
    get(): Promise<ContentSnapshot> {
      if (
        current &&
        current.generation === generation &&
        deps.now() - current.loadedAt < maxAgeMs
      ) {
        return Promise.resolve(current.snapshot);
      }
      // Concurrent misses share one load.
      if (loading && loading.generation === generation) return loading.promise;
      return load();
    },
    invalidate(): void {
      generation += 1;
    },
  };
}
export type ContentCache = ReturnType<typeof createContentCache>;
