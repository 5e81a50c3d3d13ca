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
 * The page the SDK loads when the viewer bootstraps a report (without the uid it appends): the
 * embed page with the layout and locale parameters the SDK adds from the viewer's settings. The
 * preloaded frame must show exactly this page to be adopted (a test holds the two together).
 */
export function warmReportPage(embedOrigin: string, mobile: boolean): string {
  const mobileParam = mobile ? 'isMobile=true&' : '';
  return `${reportEmbedPage(embedOrigin)}?${mobileParam}language=es&formatLocale=es`;
}

/** The page's hidden, preloaded report frame, until a bootstrap adopts it (decision 0211). */
interface WarmFrame {
  page: string;
  /** Unset while the SDK chunk loads. */
  iframe?: HTMLIFrameElement;
}
let warm: WarmFrame | undefined;

/**
 * Preloads the report frame page unless a preloaded frame of that page is waiting already: its
 * scripts land in the cache and the viewer moves the loaded frame into its container. It holds
 * no token and no data until the viewer's load, so it outlives sign-outs harmlessly.
 */
export async function preloadReportFrame(embedOrigin: string, mobile: boolean): Promise<void> {
  const page = warmReportPage(embedOrigin, mobile);
  if (warm?.page === page && (!warm.iframe || warm.iframe.isConnected)) return;
  warm?.iframe?.remove();
  const pending: WarmFrame = { page };
  warm = pending;
  try {
    const service = await loadEmbedService();
    if (warm === pending) pending.iframe = service.preload({ type: 'report', embedUrl: page });
  } catch (error) {
    if (warm === pending) warm = undefined;
    throw error;
  }
}

/**
 * `service.bootstrap` offered the preloaded frame: the SDK adopts it when it shows the very page
 * the bootstrap would load, else creates its own and the preloaded one waits for the next report.
 */
export function bootstrapReport(
  service: EmbedService,
  container: HTMLElement,
  config: Parameters<EmbedService['bootstrap']>[1],
): void {
  const offered = warm?.iframe;
  service.bootstrap(container, config, offered);
  if (offered && container.contains(offered)) warm = undefined;
}

/**
 * Preload and bootstrap are on unless local storage holds `vitrina:embed-warmup` = `off`
 * (used by the benchmark to measure what they save).
 */
export const embedWarmupEnabled = () => localStorage.getItem('vitrina:embed-warmup') !== 'off';
