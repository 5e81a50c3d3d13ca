/**
 * The embed protocol core shared by the SDK and the report frame: models (enums, interfaces,
 * filter and selector classes, validators), the message envelope, the HTTP-style message layer,
 * the inbound router and the postMessage transport. It is typed without the DOM lib and without
 * Node types: the transport names only the few window features it uses.
 */
export * as models from './models/index.ts';
export * from './models/index.ts';
export { Schemas } from './models/schemas.ts';
export type {
  HttpMethod,
  IAddHandler,
  IHttpPostMessageRequest,
  IHttpPostMessageResponse,
  IPostMessage,
  IRequestHandler,
  MessageHeaders,
} from './envelope.ts';
export { HttpPostMessage } from './http-post-message.ts';
export { Router, Response, type IExtendedRequest, type IRouterHandler } from './router.ts';
export {
  RouteRecognizer,
  parseQueryString,
  type QueryParams,
  type RouteMatch,
  type RouteParams,
} from './route-recognizer.ts';
export * from './transport/index.ts';
