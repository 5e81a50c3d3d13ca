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

/** All accounts > workspaces > reports in display order, with lookups by BI id. */
export interface ContentSnapshot {
  accounts: SnapshotAccount[];
  /** Accounts that list a workspace / report (a BI workspace may be shared by two accounts). */
  accountsByWorkspace: Map<string, Set<number>>;
  accountsByReport: Map<string, Set<number>>;
}

function addTo(index: Map<string, Set<number>>, key: string, accountId: number) {
  const set = index.get(key) ?? new Set<number>();
  set.add(accountId);
  index.set(key, set);
}

/** Folds flat rows (ordered by account, workspace, report) into a snapshot. */
export function buildSnapshot(rows: ContentRow[]): ContentSnapshot {
  const snapshot: ContentSnapshot = {
    accounts: [],
    accountsByWorkspace: new Map(),
    accountsByReport: new Map(),
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
      addTo(snapshot.accountsByWorkspace, workspace.id, account.id);
    }
    if (row.report_id === null || row.report_bi_id === null || row.report_uid === null) continue;
    workspace.reports.push({
      dbId: row.report_id,
      id: row.report_bi_id,
      uId: row.report_uid,
      name: row.report_name ?? '',
      kind: row.report_kind ?? 'report',
    });
    addTo(snapshot.accountsByReport, row.report_bi_id, account.id);
  }
  return snapshot;
}

/**
 * The part of the snapshot a viewer's grants reach (inheritance account > workspace > report),
 * in display order. Only the accounts the grants touch are visited, so the cost follows what
 * the viewer sees, not the size of the tenant.
 */
export function visibleContent(snapshot: ContentSnapshot, grants: Grants): SnapshotAccount[] {
  const touched = new Set(grants.accountIds);
  for (const id of grants.workspaceBiIds)
    for (const a of snapshot.accountsByWorkspace.get(id) ?? []) touched.add(a);
  for (const id of grants.reportBiIds)
    for (const a of snapshot.accountsByReport.get(id) ?? []) touched.add(a);
  const visible: SnapshotAccount[] = [];
  for (const account of snapshot.accounts) {
    if (!touched.has(account.id)) continue;
    if (grants.accountIds.has(account.id)) {
      visible.push(account);
      continue;
    }
    const workspaces: SnapshotWorkspace[] = [];
    for (const workspace of account.workspaces) {
      if (grants.workspaceBiIds.has(workspace.id)) workspaces.push(workspace);
      else {
        const reports = workspace.reports.filter((report) => grants.reportBiIds.has(report.id));
        if (reports.length) workspaces.push({ ...workspace, reports });
      }
    }
    if (workspaces.length) visible.push({ ...account, workspaces });
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
