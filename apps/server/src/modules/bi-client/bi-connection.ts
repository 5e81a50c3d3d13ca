import { existsSync, readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createBiClient } from './bi-client.ts';
import type { ThrottlePatience } from './bi-requester.ts';
import { createBiTokenProvider } from './bi-token-provider.ts';
import { createHttpTransport } from './http-transport.ts';
import { createMsalNetworkClient } from './msal-network-client.ts';

/**
 * The account sync runs in the background, so it waits out Power BI's throttling: up to three
 * waits of at most 30 s each, as `Retry-After` asks (decision 0195).
 */
const syncThrottlePatience: ThrottlePatience = { maxRetries: 3, maxWaitMs: 30_000 };

/**
 * The portal's way to the BI service: one HTTPS transport shared by MSAL and the REST client,
 * and one per-account access-token cache. Throttling (429) is logged to `log` as a warning.
 */
export function createBiConnection(
  settings: Config['bi'],
  now: () => number,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  // The bundled BI service's self-signed certificate, when it exists (decision 0021).
  const transport = createHttpTransport({
    ca: () =>
      existsSync(settings.tlsCaFile) ? readFileSync(settings.tlsCaFile, 'utf8') : undefined,
  });
  const tokens = createBiTokenProvider({
    authorityUrl: settings.authorityUrl,
    networkClient: createMsalNetworkClient(transport),
    log,
    now,
  });
  const rest = { apiUrl: settings.apiUrl, transport, tokens, log };
  return {
    tokens,
    /** For calls a user waits on: a 429 fails at once. */
    client: createBiClient(rest),
    /** For the periodic account sync: waits out a 429's `Retry-After` (bounded). */
    syncClient: createBiClient({ ...rest, throttlePatience: syncThrottlePatience }),
    /** Readiness: any HTTP answer below 500 from the REST base (bundled service or Power BI). */
    async reachable(): Promise<boolean> {
      try {
        return (
          (await transport({ method: 'GET', url: settings.apiUrl, timeoutMs: 2000 })).status < 500
        );
      } catch {
        return false;
      }
    },
  };
}
