import { anyDefinitionSchema } from '@vitrina/bi-model';
import { deterministicGuid } from '../../platform/ids.ts';
import type { ContentRepository } from '../content/content.repository.ts';
import type {
  Principal,
  PrincipalsRepository,
  WorkspaceRole,
} from '../identity/principals.repository.ts';
import type { WorkspacesRepository } from '../workspaces/workspaces.repository.ts';
import { hashSecret } from '../identity/passwords.ts';
import type { WorkspaceContent } from '../content/content.ts';

/** A workspace's GUID, derived from its name so it stays the same across restarts. */
export const workspaceIdFor = (name: string) => deterministicGuid('workspace', name.toLowerCase());

/** A user's GUID, derived from the username. */
const userIdFor = (username: string) => deterministicGuid('user', username.toLowerCase());

/** Creating identities, workspaces and content; shared by the CLI and demo seeding. */
export function createCatalogService(repositories: {
  principals: PrincipalsRepository;
  workspaces: WorkspacesRepository;
  content: ContentRepository;
}) {
  const { principals, workspaces } = repositories;

  const requireWorkspace = async (name: string) => {
    const workspace = await workspaces.getByName(name);
    if (!workspace) throw new Error(`Área de trabajo desconocida: ${name}`);
    return workspace;
  };

  const resolvePrincipal = async (
    principal: { user: string } | { app: string },
  ): Promise<Principal> => {
    if ('user' in principal) {
      const user = await principals.getUserByUsername(principal.user);
      if (!user) throw new Error(`Usuario desconocido: ${principal.user}`);
      return { kind: 'user', id: user.id };
    }
    const app = await principals.getApp(principal.app);
    if (!app) throw new Error(`Aplicación desconocida: ${principal.app}`);
    return { kind: 'app', id: app.clientId };
  };

  return {
    /** Creates the user or replaces its password; returns its id. */
    async addUser(username: string, password: string, displayName = username): Promise<string> {
      const id = (await principals.getUserByUsername(username))?.id ?? userIdFor(username);
      await principals.upsertUser({
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
      await principals.upsertApp({ clientId, description, secretHash });
    },

    /** Creates the workspace if it does not exist; returns its id. */
    async ensureWorkspace(name: string): Promise<string> {
      const existing = await workspaces.getByName(name);
      if (existing) return existing.id;
      const id = workspaceIdFor(name);
      await workspaces.create({ id, name });
      return id;
    },

    /**
     * Makes a user (by username) or an application (by client id) a member of a workspace, or
     * changes its role; with `keepExisting`, an existing membership is left as it is.
     */
    async grant(
      workspaceName: string,
      principal: { user: string } | { app: string },
      role: WorkspaceRole,
      options: { keepExisting?: boolean } = {},
    ): Promise<void> {
      const workspace = await requireWorkspace(workspaceName);
      const member = await resolvePrincipal(principal);
      if (options.keepExisting && (await principals.roleIn(workspace.id, member))) return;
      await principals.grant(workspace.id, member, role);
    },

    /** Adds the items of `workspace` that are not there yet (by id), in one transaction. */
    async addMissingContent(workspace: WorkspaceContent): Promise<void> {
      const workspaceId = await this.ensureWorkspace(workspace.name);
      // Only definitions the frame can read are stored: the embed API serves them as they are.
      const reports = workspace.reports.map((report) => {
        const parsed = anyDefinitionSchema.safeParse(report.definition);
        if (!parsed.success) throw new Error(`Definición no válida del informe ${report.name}`);
        return { ...report, definition: parsed.data };
      });
      await repositories.content.insertMissing(workspaceId, { ...workspace, reports });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
