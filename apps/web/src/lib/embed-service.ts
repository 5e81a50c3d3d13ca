import type { Embed, IEmbedConfiguration, models, service } from '@vitrina/embed-sdk';

/**
 * One embed service per page, loaded on demand so the SDK never rides in the login chunk. The
 * types come from the SDK itself (type-only imports, erased from the bundle).
 */
export type EmbedService = service.Service;
export type EmbedHandle = Embed;
export type EmbedConfig = IEmbedConfiguration;

/**
 * The SDK's enum values the portal sends (embedding spec §4). Importing the SDK's enums would pull
 * the protocol into the route chunks, so the values are written here and `satisfies` checks them
 * against the SDK's own.
 */
export const TokenType = { Embed: 1 } as const satisfies Pick<typeof models.TokenType, 'Embed'>;
export const LayoutType = { Master: 0, MobilePortrait: 2 } as const satisfies Pick<
  typeof models.LayoutType,
  'Master' | 'MobilePortrait'
>;

let loading: Promise<EmbedService> | undefined;

/**
 * Loading the SDK creates the page's `window.powerbi` Service, as loading powerbi-client does; the
 * portal uses that one rather than a second Service, so every frame message is answered once.
 */
export function loadEmbedService(): Promise<EmbedService> {
  loading ??= import('@vitrina/embed-sdk').then(() => window.powerbi);
  return loading;
}

/** The BI service's report embed page, used for preload and bootstrap before the real URL is known. */
export const reportEmbedPage = (embedOrigin: string) =>
  `${embedOrigin.replace(/\/$/, '')}/reportEmbed`;

/**
 * Preload and bootstrap are on unless local storage holds `vitrina:embed-warmup` = `off`
 * (used by the benchmark to measure what they save).
 */
export const embedWarmupEnabled = () => localStorage.getItem('vitrina:embed-warmup') !== 'off';
