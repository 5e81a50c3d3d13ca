import { retryLaterMessage } from '@vitrina/contracts';
import { AppError } from '../../errors.ts';

/** 429 telling when to retry, with the matching Retry-After header. */
export function lockedOutError(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('too_many_requests', retryLaterMessage(until, now), {
    headers: { 'retry-after': String(seconds) },
  });
}

/** When a lock taken at `now` ends. */
export function lockEnd(now: Date, policy: { lockoutMinutes: number }): Date {
  return new Date(now.getTime() + policy.lockoutMinutes * 60_000);
}
