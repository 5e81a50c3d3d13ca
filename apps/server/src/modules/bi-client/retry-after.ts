/**
 * `Retry-After` in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when absent or unreadable. A date already past means no wait.
 */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date always ends in GMT; anything else Date.parse might still read is not one.
  if (!/ GMT$/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
