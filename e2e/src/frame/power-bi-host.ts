/**
 * powerbi-client 2.24 embeds nothing but https URLs on Power BI host names (its
 * validateEmbedUrl). So that it can drive our frame, the test browser resolves one such name to
 * the BI service's own HTTPS listener, and trusts that listener's self-signed certificate by its
 * public key only. The frame then runs on a Power BI origin; the product is served unchanged.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const POWER_BI_HOST = 'app.powerbi.com';

/**
 * Chromium flags mapping app.powerbi.com to the BI service's HTTPS port and trusting its
 * certificate (a SHA-256 pin of its public key; chromium honours it with a user data dir, which
 * playwright always gives).
 */
export function powerBiHostFlags(tlsPort: number, certFile: string): string[] {
  const spki = new X509Certificate(readFileSync(certFile)).publicKey.export({
    type: 'spki',
    format: 'der',
  });
  const pin = createHash('sha256').update(spki).digest('base64');
  return [
    `--host-resolver-rules=MAP ${POWER_BI_HOST} 127.0.0.1:${tlsPort}`,
    `--ignore-certificate-errors-spki-list=${pin}`,
  ];
}

/** The same embed URL (path and query kept) on the Power BI host name. */
export function onPowerBiHost(embedUrl: string): string {
  const url = new URL(embedUrl);
  return `https://${POWER_BI_HOST}${url.pathname}${url.search}`;
}
