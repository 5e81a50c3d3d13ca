export {
  WindowPostMessageProxy,
  type IMessageHandler,
  type IProcessTrackingProperties,
  type ITrackingProperties,
  type IWindowPostMessageProxyOptions,
  type MessageSourceFilter,
  type TargetOriginResolver,
} from './window-post-message-proxy.ts';
export { TrustedWindows, originOf } from './trusted-windows.ts';
export { createRandomId } from './random-id.ts';
