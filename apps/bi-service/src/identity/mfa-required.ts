import { demoMfaUsername } from '@vitrina/env/demo';

/**
 * Entra ID answers AADSTS50076 when a user whose sign-in demands multifactor authentication uses
 * the password grant (ROPC), which cannot carry a second factor. The bundled service cannot know
 * a real user's policy, so one demo user is flagged: its correct password still gets 50076, and
 * portals can show what a real MFA-protected master user looks like.
 */
const mfaRequiredUsernames: ReadonlySet<string> = new Set([demoMfaUsername]);

/** Whether the password grant must be refused for `username` with "MFA required". */
export function requiresMfa(username: string): boolean {
  return mfaRequiredUsernames.has(username.toLowerCase());
}
