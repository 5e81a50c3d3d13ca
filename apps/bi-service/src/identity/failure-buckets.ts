import type { FailureBucket } from '../auth/failure-limiter.ts';

/**
 * How many times its allowance for one credential an address may fail in a window, across every
 * credential it tries: room for a few misconfigured accounts on one portal, not for a sweep.
 */
const addressShare = 5;

/** The credential a token request tries: a registered client id, and for the password grant a user. */
export interface TriedCredential {
  clientId: string;
  username?: string | undefined;
}

/**
 * The failure buckets of one token request (decision 0221). Every bucket names the caller's
 * address (request.ip, the real client behind the trusted proxy), so failures from outsiders never
 * count against the portal calling from its own address; and each credential has its own bucket,
 * so one misconfigured account cannot lock out the portal's others. No bucket is shared by every
 * address: such a bucket would let anyone lock the portal out.
 */
export function failureBuckets(
  address: string,
  perCredential: number,
  tried: TriedCredential | undefined,
): FailureBucket[] {
  const credential = !tried
    ? 'unknown-client'
    : tried.username === undefined
      ? `client:${tried.clientId}`
      : `client:${tried.clientId}:user:${tried.username}`;
  return [
    { key: `${credential}@${address}`, max: perCredential },
    { key: `address:${address}`, max: perCredential * addressShare },
  ];
}
