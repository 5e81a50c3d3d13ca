/** The shapes a `WindowPostMessageProxy` is configured with. */
import type { MessageEventWindow, PostMessageTarget } from './windows.ts';

export interface ITrackingProperties {
  id: string;
}

/** Where a message carries its tracking id (http-post-message puts it in `headers.id`). */
export interface IProcessTrackingProperties {
  addTrackingProperties<T>(message: T, trackingProperties: ITrackingProperties): T;
  getTrackingProperties(message: unknown): Partial<ITrackingProperties> | undefined;
}

/** A request handler: the first handler whose `test` returns true answers the message. */
export interface IMessageHandler {
  test(message: unknown): boolean;
  handle(message: unknown): unknown;
}

export type TargetOriginResolver = (target: PostMessageTarget) => string | undefined;
export type MessageSourceFilter = (source: object | null, origin: string) => boolean;

export interface IWindowPostMessageProxyOptions {
  /** The window whose `message` events are read; defaults to the global `window`. */
  receiveWindow?: MessageEventWindow;
  processTrackingProperties?: IProcessTrackingProperties;
  /** Decides whether a response rejects; a throwing check counts as an error. */
  isErrorMessage?: (message: unknown) => boolean;
  name?: string;
  logMessages?: boolean;
  /** Replies go to this window instead of `event.source`. */
  eventSourceOverrideWindow?: PostMessageTarget;
  suppressWarnings?: boolean;
  /**
   * The origin requests are posted to: one origin for every target, or a resolver per target
   * window. A resolver that knows no origin for a window makes the request reject instead of
   * falling back to `'*'`. Without this option requests go to `'*'`, as 2.8.0 did.
   */
  targetOrigin?: string | TargetOriginResolver;
  /** When given, inbound messages it refuses are dropped before any other processing. */
  acceptMessage?: MessageSourceFilter;
  /**
   * Milliseconds after which an unanswered request rejects with an Error. Off (0) by default,
   * because 2.8.0 frames may legitimately take long (a first render, a slow query).
   */
  requestTimeout?: number;
}
