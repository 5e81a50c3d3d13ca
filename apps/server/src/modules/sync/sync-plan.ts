import type { BiItem, BiWorkspace } from '../bi-client/bi-client.ts';
import type { StoredItem, StoredWorkspace, SyncPlan } from '../content/stored-content.ts';

/** What the BI service listed for one account: its workspaces, each with reports and dashboards. */
export interface FetchedWorkspace extends BiWorkspace {
  items: BiItem[];
}

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
  const plan: SyncPlan = {
    insertWorkspaces: [],
    renameWorkspaces: [],
    deleteWorkspaceIds: [],
    insertItems: [],
    updateItems: [],
    deleteItemIds: [],
  };
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
      const existing = storedItems.get(item.id);
      if (!existing) plan.insertItems.push({ ...row, uId: newUid() });
      else if (changed(existing, row)) plan.updateItems.push({ ...row, uId: existing.uId });
    }
  }
  plan.deleteItemIds = stored.items.filter((i) => !seenItems.has(i.id)).map((i) => i.id);
  plan.deleteWorkspaceIds = stored.workspaces
    .filter((w) => !seenWorkspaces.has(w.id))
    .map((w) => w.id);
  return plan;
}

function changed(existing: StoredItem, next: Omit<StoredItem, 'uId'>): boolean {
  return (
    existing.workspaceId !== next.workspaceId ||
    existing.name !== next.name ||
    existing.kind !== next.kind ||
    existing.embedUrl !== next.embedUrl
  );
}
