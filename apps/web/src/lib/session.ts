import type { Account, CurrentUser } from './models.ts';

/** The two local-storage keys of spec §9. */
const CURRENT_USER_KEY = 'currentUser';
const ACCOUNTS_KEY = 'accounts';

function read<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export const getCurrentUser = (): CurrentUser | null => read<CurrentUser>(CURRENT_USER_KEY);

export function setCurrentUser(user: CurrentUser): void {
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export const getCachedAccounts = (): Account[] => read<Account[]>(ACCOUNTS_KEY) ?? [];

export function setCachedAccounts(accounts: Account[]): void {
  localStorage.setItem(ACCOUNTS_KEY, JSON.stringify(accounts));
}

/** Signing out clears all local storage (spec §4). */
export function clearSession(): void {
  localStorage.clear();
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

/** Fired on window whenever the stored user changes, so the layout re-reads names. */
export const SESSION_CHANGED = 'vitrina:session-changed';
