const DEFAULT_ROUTE = '/gateway';

/** Only same-site paths are followed after login; anything else (or nothing) goes to /gateway. */
export function safeReturnUrl(returnUrl: string | null): string {
  if (!returnUrl || !returnUrl.startsWith('/') || returnUrl.startsWith('//') || returnUrl === '/') {
    return DEFAULT_ROUTE;
  }
  return returnUrl;
}
