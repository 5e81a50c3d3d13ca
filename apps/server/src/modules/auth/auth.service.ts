import {
  errorMessages,
  roles,
  type AuthenticatedUser,
  type LoginRequest,
} from '@vitrina/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, RefreshTokensTable, UsersTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../lib/audit.ts';
import { toUserDto } from '../users/users.presenter.ts';
import { usersRepository } from '../users/users.repository.ts';
import { createMemoryFailureLimiter, type AddressFailureLimiter } from './ip-failure-limiter.ts';
import { loginAttemptsRepository } from './login-attempts.repository.ts';
import { lockEnd, lockedOutError } from './login-lockout.ts';
import { providerSessionsRepository } from './provider-sessions.repository.ts';
import { refreshTokensRepository } from './refresh-tokens.repository.ts';
import { createSessionIssuer, hashRefreshToken } from './sessions.ts';

const invalidCredentials = () =>
  new AppError('invalid_credentials', errorMessages.invalidCredentials);
const invalidRefreshToken = () => new AppError('unauthorized', errorMessages.refreshTokenInvalid);

const localLoginMessages = {
  providerAccount: (provider: string) =>
    `Esta cuenta ingresa con ${provider}: use el botón «Iniciar sesión con ${provider}».`,
  adminsOnly: (provider: string) =>
    `El ingreso con usuario y contraseña está reservado a los administradores. Ingrese con ${provider}.`,
  providerSessionOver: (provider: string) =>
    `Su sesión con ${provider} venció. Ingrese nuevamente.`,
} as const;

/**
 * Login, refresh-token rotation with reuse detection, and logout. `addressFailures` defaults to
 * the in-memory limiter (one process); a shared store can be passed in instead.
 */
export function createAuthService(
  context: AppContext,
  addressFailures: AddressFailureLimiter = createMemoryFailureLimiter({
    maxFailures: context.config.auth.loginFailuresPerIpPerMinute,
    windowMs: 60_000,
    clock: context.clock,
  }),
) {
  const { db, clock, audit, passwords, config, sessions } = context;
  const issuer = createSessionIssuer(context);
  const provider = config.oidc?.displayName ?? 'tu cuenta corporativa';

  /**
   * A good password is still refused for a provider user (their password is the provider's) and,
   * with LOCAL_LOGIN=admins, for anyone but an administrator: local login is then break-glass.
   */
  function refuseLocalLogin(user: Selectable<UsersTable>): AppError | undefined {
    if (user.oidc_subject !== null) {
      return new AppError('forbidden', localLoginMessages.providerAccount(provider));
    }
    if (config.localLogin === 'admins' && user.rol !== roles.administrator) {
      return new AppError('forbidden', localLoginMessages.adminsOnly(provider));
    }
    return undefined;
  }

  /** Whether the provider session behind `familyId` outlived OIDC_MAX_SESSION_HOURS. */
  async function providerSessionOver(familyId: string, now: Date): Promise<boolean> {
    const startedAt = await providerSessionsRepository.startedAt(db, familyId);
    if (!startedAt || !config.oidc) return false;
    const limitMs = config.oidc.maxSessionHours * 60 * 60 * 1000;
    return now.getTime() - new Date(startedAt).getTime() >= limitMs;
  }
  // Verifying against a real hash for unknown usernames keeps response times alike, so timing
  // does not reveal which usernames exist.
  const decoyHash = passwords.hash('Decoy1234');

  /** Revokes every token of the session (the family) and audits why, in the caller's transaction. */
  async function endSession(
    trx: Kysely<Database>,
    stored: Selectable<RefreshTokensTable>,
    action: 'logout' | 'token.reuse_detected' | 'session.expired',
    ip: string,
    now: string,
  ) {
    await refreshTokensRepository.revokeFamily(trx, stored.family_id, now);
    await audit.record(
      trx,
      { id: stored.user_id, username: null, ip },
      {
        action,
        targetType: 'user',
        targetId: stored.user_id,
        detail: { family: stored.family_id },
      },
    );
  }

  /**
   * Counts the attempt against the user before the password is checked. Returns whether this
   * attempt took the lock; throws 429 while a lock is running (nothing is verified then).
   */
  async function countAttempt(userId: number, now: Date): Promise<{ locks: Date | null }> {
    const lockUntil = lockEnd(now, config.auth);
    const counted = await loginAttemptsRepository.count(db, userId, {
      now: now.toISOString(),
      maxFailures: config.auth.maxFailures,
      lockUntil: lockUntil.toISOString(),
    });
    if (!counted) {
      const until = await loginAttemptsRepository.lockedUntil(db, userId);
      throw lockedOutError(until ? new Date(until) : lockUntil, now);
    }
    return { locks: counted.locked_until === lockUntil.toISOString() ? lockUntil : null };
  }

  async function rejectAttempt(
    actor: Actor,
    userId: number | undefined,
    locks: Date | null,
  ): Promise<never> {
    await audit.record(db, actor, {
      action: locks ? 'login.locked' : 'login.failed',
      targetType: 'user',
      targetId: userId,
    });
    throw locks ? lockedOutError(locks, clock.now()) : invalidCredentials();
  }

  return {
    async login(request: LoginRequest, ip: string): Promise<AuthenticatedUser> {
      const slot = await addressFailures.reserve(ip);
      const now = clock.now();
      const user = await usersRepository.getByUsername(db, request.username);
      const actor: Actor = { id: user?.id ?? null, username: request.username, ip };
      let attempt: { locks: Date | null } = { locks: null };
      if (user) {
        // A locked account's refusal is not the address's failure: nothing was verified.
        attempt = await countAttempt(user.id, now).catch(async (error: unknown) => {
          await slot.forgive();
          throw error;
        });
      }

      const valid = await passwords.verify(
        // A provider user has no hash (''): checked against the decoy, it matches nothing real.
        user?.password_hash || (await decoyHash),
        request.password,
      );
      if (!user || !valid) return rejectAttempt(actor, user?.id, attempt.locks);
      await slot.forgive();
      const refusal = refuseLocalLogin(user);
      if (refusal) {
        await audit.record(db, actor, {
          action: 'login.refused',
          targetType: 'user',
          targetId: user.id,
          detail: {
            reason: user.oidc_subject !== null ? 'provider_account' : 'local_login_admins',
          },
        });
        throw refusal;
      }

      return db.transaction().execute(async (trx) => {
        const row = await loginAttemptsRepository.clear(trx, user.id);
        // Housekeeping where it is cheap: the user's expired tokens cannot be replayed anyway.
        await refreshTokensRepository.deleteExpiredOfUser(trx, user.id, now.toISOString());
        const pair = await issuer.issue(trx, user.id);
        await audit.record(trx, actor, {
          action: 'login.succeeded',
          targetType: 'user',
          targetId: user.id,
        });
        return { ...toUserDto(row ?? user), ...pair };
      });
    },

    /**
     * Exchanges a refresh token for a new pair. A token is good once: presenting a spent or
     * revoked token means it was copied, so the whole family (every descendant of that login)
     * is revoked, and so are the access tokens of that session.
     */
    async refresh(token: string, ip: string): Promise<AuthenticatedUser> {
      const now = clock.now().toISOString();
      const stored = await refreshTokensRepository.getByHash(db, hashRefreshToken(token));
      if (!stored) throw invalidRefreshToken();
      if (stored.expires_at <= now) throw invalidRefreshToken();
      if (await providerSessionOver(stored.family_id, clock.now())) {
        // The provider may have disabled the user since: only a new sign-in there tells.
        await db
          .transaction()
          .execute((trx) => endSession(trx, stored, 'session.expired', ip, now));
        sessions.invalidate({ kind: 'session', sessionId: stored.family_id });
        throw new AppError('unauthorized', localLoginMessages.providerSessionOver(provider));
      }

      const outcome = await db.transaction().execute(async (trx) => {
        const fresh = await refreshTokensRepository.markUsed(trx, stored.id, now);
        if (!fresh) {
          await endSession(trx, stored, 'token.reuse_detected', ip, now);
          return null;
        }
        const user = await usersRepository.getById(trx, stored.user_id);
        if (!user) return null;
        return { ...toUserDto(user), ...(await issuer.issue(trx, user.id, stored.family_id)) };
      });
      if (!outcome) {
        sessions.invalidate({ kind: 'session', sessionId: stored.family_id });
        throw new AppError('unauthorized', errorMessages.refreshTokenReused);
      }
      return outcome;
    },

    /** Ends the session the refresh token belongs to. Unknown tokens are not an error. */
    async logout(token: string, ip: string): Promise<boolean> {
      const stored = await refreshTokensRepository.getByHash(db, hashRefreshToken(token));
      if (!stored) return false;
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await endSession(trx, stored, 'logout', ip, now);
      });
      sessions.invalidate({ kind: 'session', sessionId: stored.family_id });
      return true;
    },
  };
}
