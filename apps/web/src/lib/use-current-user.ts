import { useSyncExternalStore } from 'react';
import type { CurrentUser } from './models.ts';
import { SESSION_CHANGED, getCurrentUser } from './session.ts';

function subscribe(onChange: () => void) {
  window.addEventListener(SESSION_CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

// Snapshot by raw string, so the same stored user keeps the same identity between renders.
let lastRaw: string | null = null;
let lastUser: CurrentUser | null = null;
function snapshot(): CurrentUser | null {
  const raw = localStorage.getItem('currentUser');
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastUser = getCurrentUser();
  }
  return lastUser;
}

/** The signed-in user from local storage, re-read whenever the session changes (also in other tabs). */
export const useCurrentUser = () => useSyncExternalStore(subscribe, snapshot);
