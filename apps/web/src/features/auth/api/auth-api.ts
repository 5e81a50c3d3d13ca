import { api } from '../../../lib/api.ts';
import type { CurrentUser } from '../../../lib/models.ts';
import { clearSession, getCurrentUser } from '../../../lib/session.ts';

/** POST user/authenticate: the user's fields plus token and refresh token. */
export const authenticate = (username: string, password: string) =>
  api.post<CurrentUser>('user/authenticate', { username, password }, { refreshOn401: false });

/**
 * Signs out: revokes the refresh token on the server (best effort: an unreachable server must not
 * keep the user signed in on this device), then clears local storage.
 */
export async function signOut(): Promise<void> {
  const refreshToken = getCurrentUser()?.refreshToken;
  clearSession();
  if (!refreshToken) return;
  try {
    await api.post('user/logout', { token: refreshToken }, { refreshOn401: false });
  } catch {
    // already expired or revoked: nothing left to revoke
  }
}

/** PUT user/changepassword: the current user object plus the new password. */
export const changePassword = (user: CurrentUser, password: string) =>
  api.put<{ username: string }>('user/changepassword', { ...user, password });
