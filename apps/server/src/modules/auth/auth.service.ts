import { errorMessages, type AuthenticatedUser, type LoginRequest } from '@vitrina/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, RefreshTokensTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../lib/audit.ts';
import { toUserDto } from '../users/users.presenter.ts';
import { usersRepository } from '../users/users.repository.ts';
import { createIpFailureLimiter } from './ip-failure-limiter.ts';
import { activeLockout, afterFailure, lockedOutError } from './login-lockout.ts';
import { refreshTokensRepository } from './refresh-tokens.repository.ts';
import { createSessionIssuer, hashRefreshToken } from './sessions.ts';

const invalidCredentials = () =>
  new AppError('invalid_credentials', errorMessages.invalidCredentials);
const invalidRefreshToken = () => new AppError('unauthorized', errorMessages.refreshTokenInvalid);

/** Login, refresh-token rotation with reuse detection, and logout. */
export function createAuthService(context: AppContext) {
  const { db, clock, audit, passwords, config } = context;
  const sessions = createSessionIssuer(context);
  const ipFailures = createIpFailureLimiter({
    maxFailures: config.auth.loginFailuresPerIpPerMinute,
    windowMs: 60_000,
    clock,
  });
  // Verifying against a real hash for unknown usernames keeps response times alike, so timing
  // does not reveal which usernames exist.
  const decoyHash = passwords.hash('Decoy1234');

  /** Revokes every token of the session (the family) and audits why, in the caller's transaction. */
  async function endSession(
    trx: Kysely<Database>,
    stored: Selectable<RefreshTokensTable>,
    action: 'logout' | 'token.reuse_detected',
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

  return {
    async login(request: LoginRequest, ip: string): Promise<AuthenticatedUser> {
      ipFailures.check(ip);
      const now = clock.now();
      const user = await usersRepository.getByUsername(db, request.username);
      const actor: Actor = { id: user?.id ?? null, username: request.username, ip };
      const lockedUntil = user ? activeLockout(user, now) : null;
      if (lockedUntil) throw lockedOutError(lockedUntil, now);

      const valid = await passwords.verify(
        user?.password_hash ?? (await decoyHash),
        request.password,
      );
      if (!user || !valid) {
        ipFailures.recordFailure(ip);
        if (user) {
          const next = afterFailure(user.failed_logins, now, config.auth);
          await usersRepository.update(db, user.id, next);
          if (next.locked_until) {
            await audit.record(db, actor, {
              action: 'login.locked',
              targetType: 'user',
              targetId: user.id,
            });
            throw lockedOutError(new Date(next.locked_until), now);
          }
        }
        await audit.record(db, actor, {
          action: 'login.failed',
          targetType: 'user',
          targetId: user?.id,
        });
        throw invalidCredentials();
      }

      return db.transaction().execute(async (trx) => {
        const row = await usersRepository.update(trx, user.id, {
          failed_logins: 0,
          locked_until: null,
        });
        // Housekeeping where it is cheap: the user's expired tokens cannot be replayed anyway.
        await refreshTokensRepository.deleteExpiredOfUser(trx, user.id, now.toISOString());
        const pair = await sessions.issue(trx, user.id);
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
     * is revoked.
     */
    async refresh(token: string, ip: string): Promise<AuthenticatedUser> {
      const now = clock.now().toISOString();
      const stored = await refreshTokensRepository.getByHash(db, hashRefreshToken(token));
      if (!stored) throw invalidRefreshToken();
      if (stored.expires_at <= now) throw invalidRefreshToken();

      const outcome = await db.transaction().execute(async (trx) => {
        const fresh = await refreshTokensRepository.markUsed(trx, stored.id, now);
        if (!fresh) {
          await endSession(trx, stored, 'token.reuse_detected', ip, now);
          return null;
        }
        const user = await usersRepository.getById(trx, stored.user_id);
        if (!user) return null;
        return { ...toUserDto(user), ...(await sessions.issue(trx, user.id, stored.family_id)) };
      });
      if (!outcome) throw new AppError('unauthorized', errorMessages.refreshTokenReused);
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
      return true;
    },
  };
}
