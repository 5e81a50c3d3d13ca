import {
  demoMfaUsername,
  demoServicePrincipal,
  demoUsers,
  demoWorkspaceNames,
  type DemoCredentials,
} from '@vitrina/env/demo';
import type { WorkspaceContent } from '../storage/content.ts';
import type { BiServices } from '../services.ts';

/**
 * Adds whatever of the demo tenant is missing: identities (passwords set only on creation, so a
 * password changed with the CLI stays), workspaces, memberships (a role changed with the CLI
 * stays) and the demo content. Safe to run on every start. `credentials` are the published ones
 * outside production only (`demoCredentialsFor`).
 */
export async function seedDemo(
  services: Pick<BiServices, 'catalog' | 'principals'>,
  content: readonly WorkspaceContent[],
  credentials: DemoCredentials,
): Promise<void> {
  const { catalog, principals } = services;
  const passwordOf = (username: string) => credentials.passwords[username]!;
  for (const name of demoWorkspaceNames) await catalog.ensureWorkspace(name);
  for (const user of demoUsers) {
    if (!(await principals.getUserByUsername(user.username)))
      await catalog.addUser(user.username, passwordOf(user.username));
    if (!(await principals.getApp(user.clientId)))
      await catalog.addApp(user.clientId, user.description);
    for (const workspace of user.workspaces)
      await catalog.grant(workspace, { user: user.username }, 'Member', { keepExisting: true });
  }
  // Flagged to answer "MFA required" (AADSTS50076); it signs in with the first demo application.
  if (!(await principals.getUserByUsername(demoMfaUsername)))
    await catalog.addUser(demoMfaUsername, passwordOf(demoMfaUsername));
  const principal = demoServicePrincipal;
  if (!(await principals.getApp(principal.clientId))) {
    await catalog.addApp(
      principal.clientId,
      principal.description,
      credentials.servicePrincipalSecret,
    );
  }
  for (const workspace of principal.workspaces)
    await catalog.grant(workspace, { app: principal.clientId }, 'Admin', { keepExisting: true });
  for (const workspace of content) await catalog.addMissingContent(workspace);
}
