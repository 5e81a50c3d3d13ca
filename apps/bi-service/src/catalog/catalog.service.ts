import type { BiServices } from '../services.ts';
import { deterministicGuid } from '../ids.ts';
import { inTransaction } from '../storage/database.ts';
import type { Principal, WorkspaceRole } from '../storage/principals.repository.ts';
import { hashSecret } from '../identity/passwords.ts';
import type { WorkspaceContent } from './content.ts';

/** A workspace's GUID, derived from its name so it stays the same across restarts. */
export const workspaceIdFor = (name: string) => deterministicGuid('workspace', name.toLowerCase());

/** A user's GUID, derived from the username. */
export const userIdFor = (username: string) => deterministicGuid('user', username.toLowerCase());

/** Creating identities, workspaces and content; shared by the CLI and demo seeding. */
export function createCatalogService(services: BiServices) {
  const { principals, workspaces, content } = services;

  const requireWorkspace = (name: string) => {
    const workspace = workspaces.getByName(name);
    if (!workspace) throw new Error(`Área de trabajo desconocida: ${name}`);
    return workspace;
  };

  const resolvePrincipal = (principal: { user: string } | { app: string }): Principal => {
    if ('user' in principal) {
      const user = principals.getUserByUsername(principal.user);
      if (!user) throw new Error(`Usuario desconocido: ${principal.user}`);
      return { kind: 'user', id: user.id };
    }
    const app = principals.getApp(principal.app);
    if (!app) throw new Error(`Aplicación desconocida: ${principal.app}`);
    return { kind: 'app', id: app.clientId };
  };

  return {
    /** Creates the user or replaces its password; returns its id. */
    async addUser(username: string, password: string, displayName = username): Promise<string> {
      const id = principals.getUserByUsername(username)?.id ?? userIdFor(username);
      principals.upsertUser({
        id,
        username,
        displayName,
        passwordHash: await hashSecret(password),
      });
      return id;
    },

    /** Registers an application: public without a secret (password grant), confidential with one. */
    async addApp(clientId: string, description: string, secret?: string): Promise<void> {
      const secretHash = secret === undefined ? null : await hashSecret(secret);
      principals.upsertApp({ clientId, description, secretHash });
    },

    /** Creates the workspace if it does not exist; returns its id. */
    ensureWorkspace(name: string): string {
      const existing = workspaces.getByName(name);
      if (existing) return existing.id;
      const id = workspaceIdFor(name);
      workspaces.create({ id, name });
      return id;
    },

    /**
     * Makes a user (by username) or an application (by client id) a member of a workspace, or
     * changes its role; with `keepExisting`, an existing membership is left as it is.
     */
    grant(
      workspaceName: string,
      principal: { user: string } | { app: string },
      role: WorkspaceRole,
      options: { keepExisting?: boolean } = {},
    ): void {
      const workspace = requireWorkspace(workspaceName);
      const member = resolvePrincipal(principal);
      if (options.keepExisting && principals.roleIn(workspace.id, member)) return;
      principals.grant(workspace.id, member, role);
    },

    /** Adds the items of `workspace` that are not there yet (by id), in one transaction. */
    addMissingContent(workspace: WorkspaceContent): void {
      const workspaceId = this.ensureWorkspace(workspace.name);
      inTransaction(services.db, () => {
        for (const dataset of workspace.datasets) {
          if (!content.getDataset(dataset.id)) content.insertDataset(workspaceId, dataset);
        }
        for (const report of workspace.reports) {
          if (!content.getReport(report.id)) content.insertReport(workspaceId, report, 'vitrina');
        }
        for (const dashboard of workspace.dashboards) {
          if (!content.getDashboard(dashboard.id)) content.insertDashboard(workspaceId, dashboard);
        }
      });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
