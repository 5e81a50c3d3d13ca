import { LRUCache } from 'lru-cache';
import type { Account, ViewerAccount } from '@vitrina/contracts';
import type { ContentSnapshot } from '../content/content-snapshot.ts';
import type { Grants } from '../permissions/permissions.policy.ts';

/** A built tree; shared by every request that reuses it, so it is frozen and never changed. */
export type AccountTree = (Account | ViewerAccount)[];

/** Whose tree, in which shape: everything that decides its content besides the inputs below. */
export interface TreeKey {
  userId: number;
  /** The user sees every account (an administrator) or only what the grants reach. */
  seesAll: boolean;
  /** The requester is an administrator and gets the integration fields. */
  adminShape: boolean;
}

/** The per-user inputs a tree was built from; null grants for a user who sees everything. */
interface TreeInputs {
  grants: Grants | null;
  favorites: ReadonlySet<number>;
}

interface Entry extends TreeInputs {
  tree: AccountTree;
}

// Bounds memory by the reports held across cached trees (a viewer's tree holds tens, an
// administrator's the whole tenant); the least recently requested tree goes first.
const maxReports = 200_000;

const reportsIn = (tree: AccountTree) =>
  tree.reduce(
    (count, account) =>
      count + account.workspaces.reduce((sum, workspace) => sum + workspace.reports.length, 1),
    1,
  );

/**
 * Built account trees, reused while what they were built from is unchanged (decision 0156). The
 * inputs come from the content, grants and favorites caches, whose invalidations replace them
 * with new objects: an entry answers only while the snapshot, the user's grants and the user's
 * favorites are the very objects it was built from, so every existing invalidation drops it.
 * Entries are keyed by user id and shape, so one user's tree never answers another.
 */
export function createTreeCache() {
  // One cache per snapshot: a replaced snapshot takes its trees with it when it is collected.
  const bySnapshot = new WeakMap<ContentSnapshot, LRUCache<string, Entry>>();

  return {
    get(
      snapshot: ContentSnapshot,
      key: TreeKey,
      inputs: TreeInputs,
      build: () => AccountTree,
    ): AccountTree {
      let trees = bySnapshot.get(snapshot);
      if (!trees) {
        trees = new LRUCache<string, Entry>({
          maxSize: maxReports,
          sizeCalculation: (entry) => reportsIn(entry.tree),
        });
        bySnapshot.set(snapshot, trees);
      }
      const id = `${key.userId}:${key.seesAll ? 'all' : 'granted'}:${key.adminShape ? 'admin' : 'viewer'}`;
      const cached = trees.get(id);
      if (cached && cached.grants === inputs.grants && cached.favorites === inputs.favorites) {
        return cached.tree;
      }
      const tree = build();
      Object.freeze(tree);
      trees.set(id, { ...inputs, tree });
      return tree;
    },
  };
}
