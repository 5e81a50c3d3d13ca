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
  /**
   * Milliseconds before an unanswered request rejects with an Error: one minute when
   * absent, never when 0 (2.8.0's behaviour).
   */
  requestTimeout?: number;
}

/** One minute: far above any frame's answer to a request, short enough that no embed hangs. */
const defaultRequestTimeout = 60_000;

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
 * The proxy, wired with the message layer's tracking rules like 2.8.0's, and made safer for the
 * iframes the SDK creates: requests to them go to the origin they are known to show, and their
 * messages are read only from an allowed origin. It also reads messages from the page's own window
 * and from the windows its caller posted to, and posts to other windows at `'*'`, as 2.8.0 does
 * (decision 0090).
 */
export const wpmpFactory: IWpmpFactory = (
  name,
  logMessages,
  eventSourceOverrideWindow,
  options = {},
) => {
  const proxy: WindowPostMessageProxy = new WindowPostMessageProxy({
    processTrackingProperties: {
      addTrackingProperties: HttpPostMessage.addTrackingProperties,
      getTrackingProperties: HttpPostMessage.getTrackingProperties,
    },
    isErrorMessage: HttpPostMessage.isErrorMessage,
    suppressWarnings: true,
    ...(name === undefined ? {} : { name }),
    logMessages: logMessages ?? false,
    ...(eventSourceOverrideWindow ? { eventSourceOverrideWindow } : {}),
    targetOrigin: (target) => trustedFrames.targetOriginFor(target) ?? '*',
    acceptMessage: (source, origin) =>
      source === window || (trustedFrames.admit(source, origin) ?? proxy.hasPostedTo(source)),
    requestTimeout: options.requestTimeout ?? defaultRequestTimeout,
  });
  return proxy;
};

/** The inbound router. */
export const routerFactory: IRouterFactory = (wpmp) => new Router(wpmp);
