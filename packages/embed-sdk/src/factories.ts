import { config } from './config.ts';
import { trustedFrames } from './frames.ts';
import { HttpPostMessage, Router, WindowPostMessageProxy } from './protocol/index.ts';

/** Builds the HTTP-style message layer (2.8.0 signature; `origin` is declared and ignored, as there). */
export type IHpmFactory = (
  wpmp: WindowPostMessageProxy,
  targetWindow?: Window | null,
  version?: string,
  type?: string,
  origin?: string,
) => HttpPostMessage<Window>;

/** Options beyond 2.8.0's signature; factories written for 2.8.0 simply ignore them. */
export interface IWpmpFactoryOptions {
  /** Milliseconds before an unanswered request rejects with an Error; 0 or absent = never (2.8.0). */
  requestTimeout?: number;
}

/** Builds the postMessage proxy (2.8.0 signature plus an options object). */
export type IWpmpFactory = (
  name?: string,
  logMessages?: boolean,
  eventSourceOverrideWindow?: Window,
  options?: IWpmpFactoryOptions,
) => WindowPostMessageProxy;

/** Builds the inbound router on a proxy. */
export type IRouterFactory = (wpmp: WindowPostMessageProxy) => Router;

/** The message layer with the default headers `x-sdk-type` and `x-sdk-version`. */
export const hpmFactory: IHpmFactory = (
  wpmp,
  defaultTargetWindow,
  sdkVersion = config.version,
  sdkType = config.type,
) =>
  new HttpPostMessage<Window>(
    wpmp,
    { 'x-sdk-type': sdkType, 'x-sdk-version': sdkVersion },
    defaultTargetWindow,
  );

/**
 * The proxy, wired with the message layer's tracking rules like 2.8.0's, and made safer: it posts
 * to each SDK iframe's own origin and reads messages only from SDK iframes.
 */
export const wpmpFactory: IWpmpFactory = (
  name,
  logMessages,
  eventSourceOverrideWindow,
  options = {},
) =>
  new WindowPostMessageProxy({
    processTrackingProperties: {
      addTrackingProperties: HttpPostMessage.addTrackingProperties,
      getTrackingProperties: HttpPostMessage.getTrackingProperties,
    },
    isErrorMessage: HttpPostMessage.isErrorMessage,
    suppressWarnings: true,
    ...(name === undefined ? {} : { name }),
    logMessages: logMessages ?? false,
    ...(eventSourceOverrideWindow ? { eventSourceOverrideWindow } : {}),
    targetOrigin: (target) => trustedFrames.targetOriginFor(target),
    acceptMessage: trustedFrames.accepts,
    requestTimeout: options.requestTimeout ?? 0,
  });

/** The inbound router. */
export const routerFactory: IRouterFactory = (wpmp) => new Router(wpmp);
