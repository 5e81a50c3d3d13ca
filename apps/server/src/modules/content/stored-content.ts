import type { ReportsTable } from '../../db/schema.ts';

/** What the portal stores for one account, keyed by the BI service's ids. */
export interface StoredWorkspace {
  id: string;
  name: string;
}
export interface StoredItem {
  id: string;
  uId: string;
  workspaceId: string;
  name: string;
  kind: ReportsTable['kind'];
  embedUrl: string;
}

/** The changes that bring an account's stored copy in line with its BI service. */
export interface SyncPlan {
  insertWorkspaces: StoredWorkspace[];
  renameWorkspaces: StoredWorkspace[];
  deleteWorkspaceIds: string[];
  insertItems: StoredItem[];
  updateItems: StoredItem[];
  deleteItemIds: string[];
}
