export { TransportError, WindowPostMessageProxy } from './window-post-message-proxy.ts';
export type {
  IMessageHandler,
  IProcessTrackingProperties,
  ITrackingProperties,
  IWindowPostMessageProxyOptions,
  MessageSourceFilter,
  TargetOriginResolver,
} from './proxy-options.ts';
export { TrustedWindows, originOf } from './trusted-windows.ts';
export { createRandomId, randomHex } from './random-id.ts';
export type {
  MessageEventLike,
  MessageEventWindow,
  MessageListener,
  PostMessageTarget,
} from './windows.ts';
