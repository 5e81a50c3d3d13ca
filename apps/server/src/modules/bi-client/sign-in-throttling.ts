import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';
import type { FastifyBaseLogger } from 'fastify';
import { throttledError, type BiServiceError } from './bi-errors.ts';
import { retryAfterMs } from './retry-after.ts';

/**
 * MSAL's network module for one sign-in, noting whether the token endpoint answered 429 and the
 * Retry-After it sent: MSAL's own error keeps neither the status nor the header.
 */
export function watchedNetwork(network: INetworkModule) {
  let throttled: { retryAfter: string | undefined } | undefined;
  const client: INetworkModule = {
    sendGetRequestAsync: (url, options, timeout) =>
      network.sendGetRequestAsync(url, options, timeout),
    async sendPostRequestAsync<T>(
      url: string,
      options?: NetworkRequestOptions,
    ): Promise<NetworkResponse<T>> {
      const response = await network.sendPostRequestAsync<T>(url, options);
      if (response.status === 429) throttled = { retryAfter: response.headers['retry-after'] };
      return response;
    },
  };
  return { client, throttled: () => throttled };
}

/**
 * Accounts whose sign-in the BI service throttled, each held for the wait the service announced
 * and no longer (none when it announced none). This replaces MSAL's throttling cache, which keys
 * on the application id, authority and scopes but not the user, so that one master user refused
 * would refuse every account of the same application id; and which waits a minute on a 5xx
 * without being asked to.
 */
export function createSignInHolds(now: () => number, log: Pick<FastifyBaseLogger, 'warn'>) {
  const heldUntil = new Map<number, number>();
  return {
    /** Throws the throttling error while the account is held. */
    check(accountId: number): void {
      const end = heldUntil.get(accountId);
      if (end === undefined) return;
      if (end > now()) {
        throw throttledError(`sign-in held until ${new Date(end).toISOString()}`, end - now());
      }
      heldUntil.delete(accountId);
    },
    /** Records a 429 on the account's sign-in and returns the error that says so. */
    throttled(accountId: number, retryAfter: string | undefined): BiServiceError {
      log.warn({ accountId, retryAfter }, 'BI service throttled the sign-in');
      const waitMs = retryAfterMs(retryAfter, now());
      if (waitMs) heldUntil.set(accountId, now() + waitMs);
      return throttledError(
        `token request: HTTP 429 (Retry-After: ${retryAfter ?? 'none'})`,
        waitMs,
      );
    },
    release(accountId: number): void {
      heldUntil.delete(accountId);
    },
  };
}
