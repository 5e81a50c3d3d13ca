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
