/**
 * Content-Security-Policy of the embed pages. The frame is a Vite build: no inline scripts; its
 * charts and UI library set inline styles and use data:/blob: images. Only the portal origins
 * in BI_ALLOWED_ORIGINS may frame it, and the service's own origin: the export renderer's host
 * page stands there (decision 0247).
 */
export function embedPagePolicy(allowedOrigins: readonly string[]): string {
  const ancestors = [...allowedOrigins, "'self'"].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** Headers every response carries. X-Frame-Options is left out on purpose: framing is the point. */
export const baseSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
} as const;
