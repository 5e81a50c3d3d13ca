import type { Role } from '@vitrina/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What an access token says: whose it is and which session (refresh-token family) it belongs to. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** The signed-in user as route handlers see it, with the session its access token belongs to. */
export interface SessionUser {
  id: number;
  username: string;
  rol: Role;
  sessionId: string;
}

/** Answers whether the session behind verified claims is alive, and whose it is. */
export interface SessionResolver {
  resolve(claims: AccessClaims): Promise<SessionUser | null>;
}

/**
 * What made cached session state stale. A single process applies it locally; several instances
 * would publish it so that every instance forgets the same entries (see docs/decisions/0110).
 */
export type SessionInvalidation =
  { kind: 'session'; sessionId: string } | { kind: 'user'; userId: number };

/**
 * The part of session handling that user administration needs, so that the users module does
 * not import the auth module (which imports users).
 */
export interface UserSessions {
  /** Revokes the user's sessions, all or all but `keep`, in the caller's transaction. */
  revokeAllOfUser(
    trx: Kysely<Database>,
    userId: number,
    options?: { keep?: string },
  ): Promise<number>;
  /** Call once the change has committed: the next request of any session re-reads the user. */
  invalidate(event: SessionInvalidation): void;
}
