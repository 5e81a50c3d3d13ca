import type { DatabaseSync } from 'node:sqlite';

/** Who calls the REST API: a user (password grant) or an application (client credentials). */
export interface Principal {
  kind: 'user' | 'app';
  id: string;
}

export interface UserRow {
  id: string;
  username: string;
  displayName: string;
  passwordHash: string;
}

export interface AppRow {
  clientId: string;
  description: string;
  secretHash: string | null;
}

export type WorkspaceRole = 'Admin' | 'Member' | 'Contributor' | 'Viewer';

/** Users, registered applications and workspace memberships. */
export function createPrincipalsRepository(db: DatabaseSync) {
  return {
    getUserByUsername(username: string): UserRow | undefined {
      const row = db
        .prepare('SELECT id, username, display_name, password_hash FROM users WHERE username = ?')
        .get(username);
      if (!row) return undefined;
      return {
        id: String(row['id']),
        username: String(row['username']),
        displayName: String(row['display_name']),
        passwordHash: String(row['password_hash']),
      };
    },

    /** Creates the user, or replaces the password and display name of an existing one. */
    upsertUser(user: UserRow): void {
      db.prepare(
        `INSERT INTO users (id, username, display_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (username) DO UPDATE SET display_name = excluded.display_name, password_hash = excluded.password_hash`,
      ).run(user.id, user.username, user.displayName, user.passwordHash, new Date().toISOString());
    },

    getApp(clientId: string): AppRow | undefined {
      const row = db
        .prepare('SELECT client_id, description, secret_hash FROM apps WHERE client_id = ?')
        .get(clientId.toLowerCase());
      if (!row) return undefined;
      const secretHash = row['secret_hash'];
      return {
        clientId: String(row['client_id']),
        description: String(row['description']),
        secretHash: secretHash === null ? null : String(secretHash),
      };
    },

    upsertApp(app: AppRow): void {
      db.prepare(
        `INSERT INTO apps (client_id, description, secret_hash, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (client_id) DO UPDATE SET description = excluded.description, secret_hash = excluded.secret_hash`,
      ).run(app.clientId.toLowerCase(), app.description, app.secretHash, new Date().toISOString());
    },

    grant(workspaceId: string, principal: Principal, role: WorkspaceRole): void {
      db.prepare(
        `INSERT INTO memberships (workspace_id, principal_kind, principal_id, role) VALUES (?, ?, ?, ?)
         ON CONFLICT (workspace_id, principal_kind, principal_id) DO UPDATE SET role = excluded.role`,
      ).run(workspaceId, principal.kind, principal.id, role);
    },

    /** The principal's role in the workspace, or undefined when it is not a member. */
    roleIn(workspaceId: string, principal: Principal): WorkspaceRole | undefined {
      const row = db
        .prepare(
          'SELECT role FROM memberships WHERE workspace_id = ? AND principal_kind = ? AND principal_id = ?',
        )
        .get(workspaceId, principal.kind, principal.id);
      return row ? (String(row['role']) as WorkspaceRole) : undefined;
    },
  };
}

export type PrincipalsRepository = ReturnType<typeof createPrincipalsRepository>;
