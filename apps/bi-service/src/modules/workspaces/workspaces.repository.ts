import type { Clock } from '../../platform/clock.ts';
import type { BiDb } from '../../db/database.ts';
import type { Principal } from '../identity/principals.repository.ts';

export interface WorkspaceRow {
  id: string;
  name: string;
}

/** Workspaces (Power BI "groups"). */
export function createWorkspacesRepository(db: BiDb, clock: Clock) {
  const workspaces = () => db.selectFrom('workspaces').select(['id', 'name']);
  return {
    getById: (id: string): Promise<WorkspaceRow | undefined> =>
      workspaces().where('id', '=', id.toLowerCase()).executeTakeFirst(),

    getByName: (name: string): Promise<WorkspaceRow | undefined> =>
      workspaces().where('name', '=', name).executeTakeFirst(),

    /** Only the workspaces the principal belongs to, by name. */
    listFor: (principal: Principal): Promise<WorkspaceRow[]> =>
      db
        .selectFrom('workspaces as w')
        .innerJoin('memberships as m', 'm.workspace_id', 'w.id')
        .select(['w.id', 'w.name'])
        .where('m.principal_kind', '=', principal.kind)
        .where('m.principal_id', '=', principal.id)
        .orderBy('w.name')
        .execute(),

    listAll: (): Promise<WorkspaceRow[]> => workspaces().orderBy('name').execute(),

    async create(workspace: WorkspaceRow): Promise<void> {
      await db
        .insertInto('workspaces')
        .values({ ...workspace, created_at: clock.now().toISOString() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
