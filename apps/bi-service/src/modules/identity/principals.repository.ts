import type { Clock } from '../../platform/clock.ts';
import type { BiDb } from '../../db/database.ts';

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
export function createPrincipalsRepository(db: BiDb, clock: Clock) {
  return {
    async getUserByUsername(username: string): Promise<UserRow | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'username', 'display_name', 'password_hash'])
        .where('username', '=', username)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        username: row.username,
        displayName: row.display_name,
        passwordHash: row.password_hash,
      };
    },

    /** Creates the user, or replaces the password and display name of an existing one. */
    async upsertUser(user: UserRow): Promise<void> {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          username: user.username,
          display_name: user.displayName,
          password_hash: user.passwordHash,
          created_at: clock.now().toISOString(),
        })
        .onConflict((conflict) =>
          conflict.column('username').doUpdateSet((eb) => ({
            display_name: eb.ref('excluded.display_name'),
            password_hash: eb.ref('excluded.password_hash'),
          })),
        )
        .execute();
    },

    async getApp(clientId: string): Promise<AppRow | undefined> {
      const row = await db
        .selectFrom('apps')
        .select(['client_id', 'description', 'secret_hash'])
        .where('client_id', '=', clientId.toLowerCase())
        .executeTakeFirst();
      if (!row) return undefined;
      return { clientId: row.client_id, description: row.description, secretHash: row.secret_hash };
    },

    async upsertApp(app: AppRow): Promise<void> {
      await db
        .insertInto('apps')
        .values({
          client_id: app.clientId.toLowerCase(),
          description: app.description,
          secret_hash: app.secretHash,
          created_at: clock.now().toISOString(),
        })
        .onConflict((conflict) =>
          conflict.column('client_id').doUpdateSet((eb) => ({
            description: eb.ref('excluded.description'),
            secret_hash: eb.ref('excluded.secret_hash'),
          })),
        )
        .execute();
    },

    async grant(workspaceId: string, principal: Principal, role: WorkspaceRole): Promise<void> {
      await db
        .insertInto('memberships')
        .values({
          workspace_id: workspaceId,
          principal_kind: principal.kind,
          principal_id: principal.id,
          role,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['workspace_id', 'principal_kind', 'principal_id'])
            .doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })),
        )
        .execute();
    },

    /** The principal's role in the workspace, or undefined when it is not a member. */
    async roleIn(workspaceId: string, principal: Principal): Promise<WorkspaceRole | undefined> {
      const row = await db
        .selectFrom('memberships')
        .select('role')
        .where('workspace_id', '=', workspaceId)
        .where('principal_kind', '=', principal.kind)
        .where('principal_id', '=', principal.id)
        .executeTakeFirst();
      return row?.role;
    },
  };
}

export type PrincipalsRepository = ReturnType<typeof createPrincipalsRepository>;
