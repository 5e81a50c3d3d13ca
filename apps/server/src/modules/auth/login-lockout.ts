import { retryLaterMessage } from '@vitrina/contracts';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** 429 telling when to retry, with the matching Retry-After header. */
export function lockedOutError(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('too_many_requests', retryLaterMessage(until, now), {
    headers: { 'retry-after': String(seconds) },
  });
}

/** The end of the user's lockout, when one is running at `now`. */
export function activeLockout(user: Selectable<UsersTable>, now: Date): Date | null {
  if (!user.locked_until) return null;
  const until = new Date(user.locked_until);
  return until > now ? until : null;
}

/** Counter and lock after one more failure: the lock starts once `maxFailures` is reached. */
export function afterFailure(
  failedLogins: number,
  now: Date,
  policy: { maxFailures: number; lockoutMinutes: number },
): { failed_logins: number; locked_until: string | null } {
  const failures = failedLogins + 1;
  if (failures < policy.maxFailures) return { failed_logins: failures, locked_until: null };
  const until = new Date(now.getTime() + policy.lockoutMinutes * 60_000);
  return { failed_logins: 0, locked_until: until.toISOString() };
}
