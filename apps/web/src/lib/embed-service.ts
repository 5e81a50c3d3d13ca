/**
 * One embed service per page, loaded on demand so the SDK never rides in the login chunk.
 * The shapes below are the slice of the SDK (powerbi-client 2.8.0 compatible, plus `bootstrap`)
 * the portal uses.
 */
export interface EmbedEvent<T = unknown> extends Event {
  detail: T;
}

export interface EmbedHandle {
  on<T>(eventName: string, handler: (event: EmbedEvent<T>) => void): void;
  off(eventName: string): void;
  setAccessToken(accessToken: string): Promise<void>;
  setComponentTitle(title: string): void;
}

export interface EmbedService {
  bootstrap(element: HTMLElement, config: Record<string, unknown>): EmbedHandle;
  embed(element: HTMLElement, config: Record<string, unknown>): EmbedHandle;
  preload(config: Record<string, unknown>, element?: HTMLElement): HTMLIFrameElement;
  reset(element: HTMLElement): void;
}

/** The SDK's enums the portal sends (values of the embedding spec §4). */
export const TokenType = { Aad: 0, Embed: 1 } as const;
export const LayoutType = { Master: 0, MobilePortrait: 2 } as const;

let service: Promise<EmbedService> | undefined;

/**
 * Loading the SDK creates the page's `window.powerbi` Service, as loading powerbi-client does; the
 * portal uses that one rather than a second Service, so every frame message is answered once.
 */
export function loadEmbedService(): Promise<EmbedService> {
  service ??= import('@vitrina/embed-sdk').then((): EmbedService => window.powerbi);
  return service;
}

/** The BI service's report embed page, used for preload and bootstrap before the real URL is known. */
export const reportEmbedPage = (embedOrigin: string) =>
  `${embedOrigin.replace(/\/$/, '')}/reportEmbed`;

/**
 * Preload and bootstrap are on unless local storage holds `vitrina:embed-warmup` = `off`
 * (used by the benchmark to measure what they save).
 */
export const embedWarmupEnabled = () => localStorage.getItem('vitrina:embed-warmup') !== 'off';
