import { roles } from '@vitrina/contracts';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessClaims, SessionInvalidation, SessionUser } from '../../lib/sessions.ts';
import { refreshTokensRepository } from './refresh-tokens.repository.ts';

/**
 * lru-cache stores objects only; `user: null` remembers a revoked or unknown session. The user is
 * kept as route handlers see it, frozen, so a request reuses it instead of building its own.
 */
interface Entry {
  user: Readonly<SessionUser> | null;
}

export interface ActiveSessionsOptions {
  /** Sessions remembered at once (least recently used ones are read again when needed). */
  maxEntries: number;
  /**
   * How long an entry is trusted without an invalidation. Invalidations reach this process at
   * once; the lifetime only bounds changes made by another process (the admin CLI).
   */
  ttlMs: number;
}

/**
 * Which sessions are alive and whose they are, cached so that an authenticated request does not
 * read the database, and invalidated when a session ends or its user changes. Listeners
 * (`onInvalidate`) are where a multi-instance deployment publishes the event to its peers, which
 * apply it with `applyRemote`.
 */
export function createActiveSessions(
  db: Kysely<Database>,
  clock: Clock,
  options: ActiveSessionsOptions,
) {
  const cache = new LRUCache<string, Entry>({ max: options.maxEntries, ttl: options.ttlMs });
  const listeners = new Set<(event: SessionInvalidation) => void>();
  // Bumped by every invalidation: a read that started before one may have seen the old state,
  // so its answer is used once but not cached.
  let generation = 0;

  async function load(sessionId: string): Promise<Readonly<SessionUser> | null> {
    const started = generation;
    const row = await refreshTokensRepository.findSessionUser(db, sessionId);
    const user = row
      ? Object.freeze({
          id: row.id,
          username: row.username,
          rol: row.rol === roles.administrator ? roles.administrator : roles.viewer,
          sessionId,
        })
      : null;
    if (started === generation) cache.set(sessionId, { user });
    return user;
  }

  function forget(event: SessionInvalidation): void {
    generation += 1;
    if (event.kind === 'session') {
      cache.delete(event.sessionId);
      return;
    }
    for (const [sessionId, entry] of cache.entries()) {
      if (entry.user?.id === event.userId) cache.delete(sessionId);
    }
  }

  const sessions = {
    /** The user behind verified access-token claims, or null when the session was revoked. */
    async resolve(claims: AccessClaims): Promise<SessionUser | null> {
      const cached = cache.get(claims.sessionId);
      const user = cached ? cached.user : await load(claims.sessionId);
      return user && user.id === claims.userId ? user : null;
    },

    revokeAllOfUser(trx: Kysely<Database>, userId: number, revokeOptions?: { keep?: string }) {
      const at = clock.now().toISOString();
      return refreshTokensRepository.revokeAllOfUser(trx, userId, at, revokeOptions?.keep);
    },

    /** Forgets the cached state here and tells the listeners (the other instances). */
    invalidate(event: SessionInvalidation): void {
      forget(event);
      for (const listener of listeners) listener(event);
    },

    /** Applies an invalidation published by another instance (not re-published). */
    applyRemote: forget,

    onInvalidate(listener: (event: SessionInvalidation) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return sessions;
}

export type ActiveSessions = ReturnType<typeof createActiveSessions>;
