import type { DatabaseSync } from 'node:sqlite';
import type { Principal } from './principals.repository.ts';

export interface WorkspaceRow {
  id: string;
  name: string;
}

/** Workspaces (Power BI "groups"). */
export function createWorkspacesRepository(db: DatabaseSync) {
  const toRow = (row: Record<string, unknown>): WorkspaceRow => ({
    id: String(row['id']),
    name: String(row['name']),
  });
  return {
    getById(id: string): WorkspaceRow | undefined {
      const row = db.prepare('SELECT id, name FROM workspaces WHERE id = ?').get(id.toLowerCase());
      return row ? toRow(row) : undefined;
    },

    getByName(name: string): WorkspaceRow | undefined {
      const row = db.prepare('SELECT id, name FROM workspaces WHERE name = ?').get(name);
      return row ? toRow(row) : undefined;
    },

    /** Only the workspaces the principal belongs to, by name. */
    listFor(principal: Principal): WorkspaceRow[] {
      return db
        .prepare(
          `SELECT w.id, w.name FROM workspaces w JOIN memberships m ON m.workspace_id = w.id
           WHERE m.principal_kind = ? AND m.principal_id = ? ORDER BY w.name`,
        )
        .all(principal.kind, principal.id)
        .map(toRow);
    },

    listAll(): WorkspaceRow[] {
      return db.prepare('SELECT id, name FROM workspaces ORDER BY name').all().map(toRow);
    },

    create(workspace: WorkspaceRow): void {
      db.prepare(
        'INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING',
      ).run(workspace.id, workspace.name, new Date().toISOString());
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
