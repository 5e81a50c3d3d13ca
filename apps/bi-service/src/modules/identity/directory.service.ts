import type { AppRow, PrincipalsRepository, UserRow } from './principals.repository.ts';

/** What the token endpoint asks of the directory: registered applications and users. */
export interface DirectoryService {
  application(clientId: string): Promise<AppRow | undefined>;
  user(username: string): Promise<UserRow | undefined>;
  /** Whether the password grant must be refused for `username` with "MFA required". */
  requiresMfa(username: string): boolean;
}

/**
 * Entra ID answers AADSTS50076 when a user whose sign-in demands multifactor authentication uses
 * the password grant (ROPC), which cannot carry a second factor. The bundled service cannot know
 * a real user's policy, so whoever composes it names the users to flag (the demo plug-in flags
 * one, so that portals can show what an MFA-protected master user looks like).
 */
export function createDirectoryService(
  principals: PrincipalsRepository,
  mfaRequiredUsernames: readonly string[],
): DirectoryService {
  const flagged = new Set(mfaRequiredUsernames.map((name) => name.toLowerCase()));
  return {
    application: (clientId) => principals.getApp(clientId),
    user: (username) => principals.getUserByUsername(username),
    requiresMfa: (username) => flagged.has(username.toLowerCase()),
  };
}
