import { api } from '../../../lib/api.ts';
import type { CurrentUser } from '../../../lib/models.ts';
import { clearSession, getCurrentUser } from '../../../lib/session.ts';

/** POST user/authenticate: the user's fields plus token and refresh token. */
export const authenticate = (username: string, password: string) =>
  api.post<CurrentUser>('user/authenticate', { username, password }, { refreshOn401: false });

/** Marks this tab as signed in through the provider, whose session sign-out also ends. */
const PROVIDER_END_SESSION_KEY = 'vitrina.providerEndSession';

/** POST auth/oidc/session: after the provider, the signed-in user as after a local login. */
export async function completeProviderSignIn(endSession: boolean): Promise<CurrentUser> {
  const user = await api.post<CurrentUser>('auth/oidc/session', {}, { refreshOn401: false });
  if (endSession) sessionStorage.setItem(PROVIDER_END_SESSION_KEY, '1');
  return user;
}

/** Where the browser goes for "Iniciar sesión con …", back to `returnUrl` afterwards. */
export const providerSignInUrl = (returnUrl: string) =>
  `/api/auth/oidc/login?returnUrl=${encodeURIComponent(returnUrl)}`;

/**
 * Signs out: revokes the refresh token on the server (best effort: an unreachable server must not
 * keep the user signed in on this device), then clears local storage.
 */
export async function signOut(): Promise<void> {
  const refreshToken = getCurrentUser()?.refreshToken;
  const endProviderSession = sessionStorage.getItem(PROVIDER_END_SESSION_KEY) !== null;
  sessionStorage.removeItem(PROVIDER_END_SESSION_KEY);
  clearSession();
  if (refreshToken) {
    try {
      await api.post('user/logout', { token: refreshToken }, { refreshOn401: false });
    } catch {
      // already expired or revoked: nothing left to revoke
    }
  }
  // OIDC_END_SESSION: the provider's session ends too, and it sends the browser back to login.
  if (endProviderSession) window.location.assign('/api/auth/oidc/logout');
}

/** PUT user/changepassword: the current user object plus the new password. */
export const changePassword = (user: CurrentUser, password: string) =>
  api.put<{ username: string }>('user/changepassword', { ...user, password });
