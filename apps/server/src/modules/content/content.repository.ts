import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { StoredItem, StoredWorkspace, SyncPlan } from './stored-content.ts';

// Keeps every statement well under SQLite's bound-parameter limit.
const chunkSize = 500;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += chunkSize) out.push(list.slice(i, i + chunkSize));
  return out;
}

/** Kysely queries on an account's synced workspaces and reports. */
export const contentRepository = {
  /** The stored copy of an account's content, keyed by BI ids as `planSync` expects. */
  async listStored(db: Kysely<Database>, accountId: number) {
    const workspaces: StoredWorkspace[] = await db
      .selectFrom('workspaces')
      .select(['bi_id as id', 'name'])
      .where('account_id', '=', accountId)
      .execute();
    const items: StoredItem[] = await db
      .selectFrom('reports as r')
      .innerJoin('workspaces as w', 'w.id', 'r.workspace_id')
      .select([
        'r.bi_id as id',
        'r.uid as uId',
        'w.bi_id as workspaceId',
        'r.name',
        'r.kind',
        'r.embed_url as embedUrl',
      ])
      .where('w.account_id', '=', accountId)
      .execute();
    return { workspaces, items };
  },

  /** Applies a sync plan; run it inside a transaction. Returns the BI ids that were removed. */
  async applyPlan(db: Kysely<Database>, accountId: number, plan: SyncPlan): Promise<string[]> {
    for (const batch of chunks(plan.insertWorkspaces)) {
      await db
        .insertInto('workspaces')
        .values(batch.map((w) => ({ account_id: accountId, bi_id: w.id, name: w.name })))
        .execute();
    }
    for (const workspace of plan.renameWorkspaces) {
      await db
        .updateTable('workspaces')
        .set({ name: workspace.name })
        .where('account_id', '=', accountId)
        .where('bi_id', '=', workspace.id)
        .execute();
    }
    const workspaceIds = new Map(
      (
        await db
          .selectFrom('workspaces')
          .select(['id', 'bi_id'])
          .where('account_id', '=', accountId)
          .execute()
      ).map((w) => [w.bi_id, w.id]),
    );
    const workspaceIdOf = (biId: string) => {
      const id = workspaceIds.get(biId);
      if (id === undefined) throw new Error(`Sync plan names unknown workspace ${biId}`);
      return id;
    };
    const accountWorkspaces = [...workspaceIds.values()];

    for (const item of plan.updateItems) {
      await db
        .updateTable('reports')
        .set({
          workspace_id: workspaceIdOf(item.workspaceId),
          name: item.name,
          kind: item.kind,
          embed_url: item.embedUrl,
        })
        .where('workspace_id', 'in', accountWorkspaces)
        .where('bi_id', '=', item.id)
        .execute();
    }
    for (const batch of chunks(plan.insertItems)) {
      await db
        .insertInto('reports')
        .values(
          batch.map((item) => ({
            workspace_id: workspaceIdOf(item.workspaceId),
            uid: item.uId,
            bi_id: item.id,
            name: item.name,
            kind: item.kind,
            embed_url: item.embedUrl,
          })),
        )
        .execute();
    }
    for (const batch of chunks(plan.deleteItemIds)) {
      // Favorites go with their report (foreign key ON DELETE CASCADE).
      await db
        .deleteFrom('reports')
        .where('workspace_id', 'in', accountWorkspaces)
        .where('bi_id', 'in', batch)
        .execute();
    }
    for (const batch of chunks(plan.deleteWorkspaceIds)) {
      await db
        .deleteFrom('workspaces')
        .where('account_id', '=', accountId)
        .where('bi_id', 'in', batch)
        .execute();
    }
    const removed = [...plan.deleteItemIds, ...plan.deleteWorkspaceIds];
    await contentRepository.deleteOrphanPermissions(db, removed);
    return removed;
  },

  /**
   * Deletes permissions on `elementIds` that no longer point at anything. Another account may
   * list the same BI workspace, so a grant survives while any copy of its element exists.
   */
  async deleteOrphanPermissions(db: Kysely<Database>, elementIds: string[]): Promise<void> {
    for (const batch of chunks(elementIds)) {
      await db
        .deleteFrom('permissions')
        .where('account_element_id', 'in', batch)
        .where((eb) =>
          eb.and([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('workspaces')
                  .select('id')
                  .whereRef('bi_id', '=', 'permissions.account_element_id'),
              ),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('reports')
                  .select('id')
                  .whereRef('bi_id', '=', 'permissions.account_element_id'),
              ),
            ),
          ]),
        )
        .execute();
    }
  },

  /** BI ids of every workspace and report of an account (for cleanup on account deletion). */
  async elementIdsOfAccount(db: Kysely<Database>, accountId: number): Promise<string[]> {
    const workspaces = await db
      .selectFrom('workspaces')
      .select('bi_id')
      .where('account_id', '=', accountId)
      .execute();
    const reports = await db
      .selectFrom('reports as r')
      .innerJoin('workspaces as w', 'w.id', 'r.workspace_id')
      .select('r.bi_id')
      .where('w.account_id', '=', accountId)
      .execute();
    return [...workspaces, ...reports].map((row) => row.bi_id);
  },
};
