import { existsSync, readFileSync } from 'node:fs';
import type { AppContext } from '../../context.ts';
import { createContentCache } from '../accounts/content-cache.ts';
import { createSecretBox } from '../accounts/secret-box.ts';
import { createAccessCache } from '../permissions/access-cache.ts';
import { createSyncService } from '../sync/sync.service.ts';
import { createEmbedTokenCache } from '../viewer/embed-token-cache.ts';
import { createBiClient } from './bi-client.ts';
import { createBiTokenProvider } from './bi-token-provider.ts';
import { createHttpTransport } from './http-transport.ts';
import { createMsalNetworkClient } from './msal-network-client.ts';

/** The BI-facing services shared by the accounts, viewer, favorites and administration modules. */
export interface Integration {
  bi: ReturnType<typeof createBiClient>;
  tokens: ReturnType<typeof createBiTokenProvider>;
  secrets: ReturnType<typeof createSecretBox>;
  sync: ReturnType<typeof createSyncService>;
  embedTokens: ReturnType<typeof createEmbedTokenCache>;
  /** In-memory accounts > workspaces > reports, invalidated by every content write. */
  content: ReturnType<typeof createContentCache>;
  /** Each user's grants and favorites, invalidated by every permission, favorite or content write. */
  access: ReturnType<typeof createAccessCache>;
}

const perApp = new WeakMap<AppContext, Integration>();

/**
 * The integration services of one app, built on first use so every module of that app shares
 * one token cache, one embed-token cache and one sync guard.
 */
export function integrationOf(
  context: AppContext,
  log: { warn(details: object, message: string): void },
): Integration {
  const existing = perApp.get(context);
  if (existing) return existing;
  const { bi: settings } = context.config;
  const now = () => context.clock.now().getTime();
  // The bundled BI service's self-signed certificate, when it exists (decision 0021).
  const transport = createHttpTransport({
    ca: () =>
      existsSync(settings.tlsCaFile) ? readFileSync(settings.tlsCaFile, 'utf8') : undefined,
  });
  const tokens = createBiTokenProvider({
    authorityUrl: settings.authorityUrl,
    networkClient: createMsalNetworkClient(transport),
    now,
  });
  const bi = createBiClient({ apiUrl: settings.apiUrl, transport, tokens });
  const secrets = createSecretBox(context.accountKey);
  const content = createContentCache({ db: context.db, now });
  const access = createAccessCache({ db: context.db, now });
  const integration: Integration = {
    bi,
    tokens,
    secrets,
    content,
    access,
    sync: createSyncService({
      db: context.db,
      bi,
      secrets,
      clock: context.clock,
      log,
      onContentChanged: () => {
        content.invalidate();
        access.invalidateAll();
      },
    }),
    embedTokens: createEmbedTokenCache({ now }),
  };
  perApp.set(context, integration);
  return integration;
}
