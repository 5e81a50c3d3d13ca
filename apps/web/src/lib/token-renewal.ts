import { ApiError } from './api-error.ts';

/** Renew this long before the embed token expires (and never sooner than the floor). */
export const REFRESH_LEAD_MS = 2 * 60_000;
const REFRESH_FLOOR_MS = 10_000;
/** After a failed renewal (network, BI service) the next try comes this much later. */
const RETRY_REFRESH_MS = 30_000;

/** Milliseconds until the token should be renewed, from its ISO expiry. */
export function refreshDelay(expiration: string, now: number = Date.now()): number {
  const expiresAt = Date.parse(expiration);
  if (Number.isNaN(expiresAt)) return REFRESH_FLOOR_MS;
  return Math.max(REFRESH_FLOOR_MS, expiresAt - now - REFRESH_LEAD_MS);
}

/** Where a renewed embed token comes from (the portal's token routes answer this shape). */
export type TokenSource = () => Promise<{ accessToken: string; expiration: string }>;

interface Renewal {
  /** Asked at each renewal, so the caller may switch sources (View → Edit, Create → Edit). */
  source: TokenSource;
  /** The portal answered 403: access was revoked; renewals stop. */
  onRevoked(error: ApiError): void;
}

/**
 * Keeps an embed's token fresh in place with `setAccessToken`, shortly before each expiry (the
 * frame is never reloaded). Returns the function that stops the renewals.
 */
export function keepTokenFresh(
  embed: { setAccessToken(token: string): Promise<void> },
  expiration: string,
  renewal: Renewal,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (delayMs: number): void => {
    timer = setTimeout(async () => {
      try {
        const next = await renewal.source();
        await embed.setAccessToken(next.accessToken);
        if (!stopped) schedule(refreshDelay(next.expiration));
      } catch (error: unknown) {
        if (stopped) return;
        if (error instanceof ApiError && error.status === 403) renewal.onRevoked(error);
        else schedule(RETRY_REFRESH_MS);
      }
    }, delayMs);
  };
  schedule(refreshDelay(expiration));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
