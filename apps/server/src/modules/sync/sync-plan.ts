import type { Group } from '@vitrina/bi-model/rest';
import type { BiItem } from '../bi-client/bi-client.ts';
import type { StoredItem, StoredWorkspace, SyncPlan } from '../content/stored-content.ts';

/** What the BI service listed for one account: its workspaces, each with reports and dashboards. */
export type FetchedWorkspace = Pick<Group, 'id' | 'name'> & { items: BiItem[] };

const emptyPlan = (): SyncPlan => ({
  insertWorkspaces: [],
  renameWorkspaces: [],
  deleteWorkspaceIds: [],
  insertItems: [],
  updateItems: [],
  deleteItemIds: [],
});

/**
 * Compares the stored content with a fresh listing. Items keep their `uId` (the portal's public
 * id, used in viewer URLs and favorites) for as long as the BI id exists; new items get a new one
 * from `newUid`. Whatever vanished from the listing is deleted.
 */
export function planSync(
  stored: { workspaces: StoredWorkspace[]; items: StoredItem[] },
  fetched: FetchedWorkspace[],
  newUid: () => string,
): SyncPlan {
  const plan = emptyPlan();
  const storedWorkspaces = new Map(stored.workspaces.map((w) => [w.id, w]));
  const storedItems = new Map(stored.items.map((i) => [i.id, i]));
  const seenWorkspaces = new Set<string>();
  const seenItems = new Set<string>();

  for (const workspace of fetched) {
    // A listing can repeat an id (a dashboard and a report never share one); the first wins.
    if (seenWorkspaces.has(workspace.id)) continue;
    seenWorkspaces.add(workspace.id);
    const known = storedWorkspaces.get(workspace.id);
    if (!known) plan.insertWorkspaces.push({ id: workspace.id, name: workspace.name });
    else if (known.name !== workspace.name)
      plan.renameWorkspaces.push({ id: workspace.id, name: workspace.name });

    for (const item of workspace.items) {
      if (seenItems.has(item.id)) continue;
      seenItems.add(item.id);
      const row = {
        id: item.id,
        workspaceId: workspace.id,
        name: item.name,
        kind: item.kind,
        embedUrl: item.embedUrl,
      };
      placeItem(plan, storedItems.get(item.id), row, newUid);
    }
  }
  plan.deleteItemIds = stored.items.filter((i) => !seenItems.has(i.id)).map((i) => i.id);
  plan.deleteWorkspaceIds = stored.workspaces
    .filter((w) => !seenWorkspaces.has(w.id))
    .map((w) => w.id);
  return plan;
}

/**
 * After a save: the one report the save made or changed, fetched from the BI service. It keeps
 * its `uId` when the portal has it; nothing else of the account is touched.
 */
export function planSavedReport(
  stored: StoredItem[],
  workspaceId: string,
  report: BiItem,
  newUid: () => string,
): SyncPlan {
  const plan = emptyPlan();
  const existing = stored.find((item) => item.id === report.id);
  placeItem(plan, existing, { ...report, workspaceId }, newUid);
  return plan;
}

/** After a delete from the portal: that one report goes (its favorites and grants with it). */
export function planRemovedReport(reportId: string): SyncPlan {
  return { ...emptyPlan(), deleteItemIds: [reportId] };
}

/** A new item gets a fresh `uId`; a known one keeps its own and is updated only if it changed. */
function placeItem(
  plan: SyncPlan,
  existing: StoredItem | undefined,
  row: Omit<StoredItem, 'uId'>,
  newUid: () => string,
): void {
  if (!existing) plan.insertItems.push({ ...row, uId: newUid() });
  else if (changed(existing, row)) plan.updateItems.push({ ...row, uId: existing.uId });
}

function changed(existing: StoredItem, next: Omit<StoredItem, 'uId'>): boolean {
  return (
    existing.workspaceId !== next.workspaceId ||
    existing.name !== next.name ||
    existing.kind !== next.kind ||
    existing.embedUrl !== next.embedUrl
  );
}
