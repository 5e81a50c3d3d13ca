import type {
  HttpMethod,
  IAddHandler,
  IHttpPostMessageRequest,
  MessageHeaders,
} from './envelope.ts';
import { RouteRecognizer, type QueryParams, type RouteParams } from './route-recognizer.ts';
import { isRequest } from './guards.ts';

/** An inbound request as route handlers see it. */
export interface IExtendedRequest<TBody = unknown> extends IHttpPostMessageRequest<TBody> {
  params: RouteParams;
  queryParams: QueryParams;
}

/** What a route handler fills in; it is posted back as the reply (200, `{}`, `null` by default). */
export class Response {
  statusCode = 200;
  headers: MessageHeaders = {};
  body: unknown = null;

  send(statusCode: number, body?: unknown): void {
    this.statusCode = statusCode;
    this.body = body;
  }
}

export type IRouterHandler = (
  request: IExtendedRequest,
  response: Response,
) => void | Promise<void>;

type RouteHandler = (request: IExtendedRequest) => Promise<Response>;

/**
 * Express-like routing of inbound requests, as powerbi-router 0.1.5 does it: one recognizer
 * per method, and every registration adds a proxy handler. The first handler of a method claims
 * any request that some route of that method matches and runs the most specific route, so a
 * catch-all registered first does not shadow the real routes. A handler that throws makes the
 * proxy send its default `{warning}` reply; one that rejects gets no reply.
 */
export class Router {
  readonly #handlers: IAddHandler;
  readonly #recognizers = new Map<HttpMethod, RouteRecognizer<RouteHandler>>();
  /** The route chosen by `test`, for the `handle` call that the proxy makes right after it. */
  readonly #chosenRoutes = new WeakMap<object, RouteHandler>();

  constructor(handlers: IAddHandler) {
    this.#handlers = handlers;
  }

  get(url: string, handler: IRouterHandler): this {
    return this.#register('GET', url, handler);
  }

  post(url: string, handler: IRouterHandler): this {
    return this.#register('POST', url, handler);
  }

  put(url: string, handler: IRouterHandler): this {
    return this.#register('PUT', url, handler);
  }

  patch(url: string, handler: IRouterHandler): this {
    return this.#register('PATCH', url, handler);
  }

  delete(url: string, handler: IRouterHandler): this {
    return this.#register('DELETE', url, handler);
  }

  #recognizerFor(method: HttpMethod): RouteRecognizer<RouteHandler> {
    let recognizer = this.#recognizers.get(method);
    if (!recognizer) {
      recognizer = new RouteRecognizer<RouteHandler>();
      this.#recognizers.set(method, recognizer);
    }
    return recognizer;
  }

  #register(method: HttpMethod, url: string, handler: IRouterHandler): this {
    const recognizer = this.#recognizerFor(method);
    recognizer.add(url, (request) => {
      const response = new Response();
      return Promise.resolve(handler(request, response)).then(() => response);
    });
    this.#handlers.addHandler({
      test: (message) => {
        if (!isRequest(message) || message.method !== method) return false;
        const match = recognizer.recognize(message.url);
        if (!match) return false;
        const request = message as IExtendedRequest;
        request.params = match.params;
        request.queryParams = match.queryParams;
        this.#chosenRoutes.set(request, match.handler);
        return true;
      },
      handle: (message) => {
        const route = this.#chosenRoutes.get(message as object);
        this.#chosenRoutes.delete(message as object);
        return route?.(message as IExtendedRequest);
      },
    });
    return this;
  }
}
