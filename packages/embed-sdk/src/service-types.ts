import type { Embed } from './embed.ts';
import type { HttpPostMessage } from './protocol/index.ts';

export type { ICustomEvent, IEvent, IEventHandler } from './event-types.ts';

/** A container element that holds an embed. */
export interface IPowerBiElement extends HTMLElement {
  powerBiEmbed?: Embed;
}

export interface IDebugOptions {
  logMessages?: boolean;
  wpmpName?: string;
}

export interface IServiceConfiguration extends IDebugOptions {
  autoEmbedOnContentLoaded?: boolean;
  onError?: (error: unknown) => unknown;
  version?: string;
  type?: string;
  /**
   * Milliseconds after which a request the frame never answers rejects with an Error: one minute
   * by default, never with 0, as 2.8.0 (decision 0093).
   */
  requestTimeout?: number;
  /**
   * Origins, besides the embed URL's and Power BI's own hosts, that the frames of this service may
   * move to, e.g. `['http://127.0.0.1:8081']` when the embed URL says `localhost` (decision 0092).
   */
  allowedOrigins?: string[];
}

export interface IService {
  hpm: HttpPostMessage<Window>;
}

/** Bootstrap config: the type and where the frame lives; the token and ids come with `embed()`. */
export interface IBootstrapEmbedConfiguration {
  type?: string;
  embedUrl?: string;
  /** Builds `https://<hostname>/<type>Embed` when no embed URL is given (default app.powerbi.com). */
  hostname?: string;
  uniqueId?: string;
  settings?: object;
  [key: string]: unknown;
}
