import type { WorkspaceContent } from '../storage/content.ts';
import { demoMfaUser } from '../identity/mfa-required.ts';
import type { BiServices } from '../services.ts';
import { demoServicePrincipal, demoUsers, demoWorkspaceNames } from './demo-identities.ts';

/**
 * Adds whatever of the demo tenant is missing: identities (passwords set only on creation, so a
 * password changed with the CLI stays), workspaces, memberships (a role changed with the CLI
 * stays) and the demo content. Safe to run on every start.
 */
export async function seedDemo(
  services: Pick<BiServices, 'catalog' | 'principals'>,
  content: readonly WorkspaceContent[],
): Promise<void> {
  const { catalog, principals } = services;
  for (const name of demoWorkspaceNames) await catalog.ensureWorkspace(name);
  for (const user of demoUsers) {
    if (!(await principals.getUserByUsername(user.username)))
      await catalog.addUser(user.username, user.password);
    if (!(await principals.getApp(user.clientId)))
      await catalog.addApp(user.clientId, user.description);
    for (const workspace of user.workspaces)
      await catalog.grant(workspace, { user: user.username }, 'Member', { keepExisting: true });
  }
  // Flagged to answer "MFA required" (AADSTS50076); it signs in with the first demo application.
  if (!(await principals.getUserByUsername(demoMfaUser.username)))
    await catalog.addUser(demoMfaUser.username, demoMfaUser.password);
  const principal = demoServicePrincipal;
  if (!(await principals.getApp(principal.clientId))) {
    await catalog.addApp(principal.clientId, principal.description, principal.secret);
  }
  for (const workspace of principal.workspaces)
    await catalog.grant(workspace, { app: principal.clientId }, 'Admin', { keepExisting: true });
  for (const workspace of content) await catalog.addMissingContent(workspace);
}
