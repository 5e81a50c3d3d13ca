import type {
  HttpMethod,
  IHttpPostMessageRequest,
  IHttpPostMessageResponse,
  IPostMessage,
  MessageHeaders,
} from './envelope.ts';
import { isObject } from './guards.ts';

/**
 * HTTP-shaped requests over a postMessage proxy, with the semantics of Microsoft's
 * http-post-message 0.2.3: default headers first, then per-call headers, then the tracking `id`.
 * It knows nothing of windows: the target is whatever the proxy posts to.
 */
export class HttpPostMessage<TTarget = unknown> {
  /** Puts the tracking id into `headers.id`, creating `headers` when missing. */
  static addTrackingProperties<T>(message: T, trackingProperties: { id?: string } | undefined): T {
    if (!isObject(message)) return message;
    const envelope: Record<string, unknown> = message;
    const headers = isObject(envelope['headers']) ? envelope['headers'] : {};
    envelope['headers'] = headers;
    if (trackingProperties?.id) headers['id'] = trackingProperties.id;
    return message;
  }

  static getTrackingProperties(message: unknown): { id: string | undefined } {
    const headers = isObject(message) ? message['headers'] : undefined;
    const id = isObject(headers) ? headers['id'] : undefined;
    return { id: typeof id === 'string' ? id : undefined };
  }

  /** An error is a numeric `statusCode` outside 2xx; a reply without one counts as success. */
  static isErrorMessage(message: unknown): boolean {
    const statusCode = isObject(message) ? message['statusCode'] : undefined;
    return typeof statusCode === 'number' && !(statusCode >= 200 && statusCode < 300);
  }

  defaultHeaders: MessageHeaders;
  defaultTargetWindow: TTarget | null | undefined;
  defaultTargetOrigin: string | undefined;
  windowPostMessageProxy: IPostMessage<TTarget>;

  constructor(
    windowPostMessageProxy: IPostMessage<TTarget>,
    defaultHeaders: MessageHeaders = {},
    defaultTargetWindow?: TTarget | null,
    defaultTargetOrigin?: string,
  ) {
    this.windowPostMessageProxy = windowPostMessageProxy;
    this.defaultHeaders = defaultHeaders;
    this.defaultTargetWindow = defaultTargetWindow;
    this.defaultTargetOrigin = defaultTargetOrigin;
  }

  get<T>(
    url: string,
    headers: MessageHeaders = {},
    targetWindow?: TTarget | null,
    targetOrigin?: string,
  ) {
    return this.send<T>({ method: 'GET', url, headers }, targetWindow, targetOrigin);
  }

  post<T>(
    url: string,
    body: unknown,
    headers: MessageHeaders = {},
    targetWindow?: TTarget | null,
    targetOrigin?: string,
  ) {
    return this.#sendWithBody<T>('POST', url, body, headers, targetWindow, targetOrigin);
  }

  put<T>(
    url: string,
    body: unknown,
    headers: MessageHeaders = {},
    targetWindow?: TTarget | null,
    targetOrigin?: string,
  ) {
    return this.#sendWithBody<T>('PUT', url, body, headers, targetWindow, targetOrigin);
  }

  patch<T>(
    url: string,
    body: unknown,
    headers: MessageHeaders = {},
    targetWindow?: TTarget | null,
    targetOrigin?: string,
  ) {
    return this.#sendWithBody<T>('PATCH', url, body, headers, targetWindow, targetOrigin);
  }

  delete<T>(
    url: string,
    body: unknown = null,
    headers: MessageHeaders = {},
    targetWindow?: TTarget | null,
    targetOrigin?: string,
  ) {
    return this.#sendWithBody<T>('DELETE', url, body, headers, targetWindow, targetOrigin);
  }

  /**
   * Posts the request. Throws synchronously (as 0.2.3 does) when there is no target; the
   * returned promise rejects with the whole reply when its `statusCode` is not 2xx.
   */
  send<T>(
    request: IHttpPostMessageRequest,
    targetWindow: TTarget | null | undefined = this.defaultTargetWindow,
    targetOrigin: string | undefined = this.defaultTargetOrigin,
  ): Promise<IHttpPostMessageResponse<T>> {
    request.headers = { ...this.defaultHeaders, ...request.headers };
    if (!targetWindow) {
      throw new Error(
        'target window is not provided.  You must either provide the target window explicitly as argument to request, or specify default target window when constructing instance of this class.',
      );
    }
    return targetOrigin === undefined
      ? this.windowPostMessageProxy.postMessage(targetWindow, request)
      : this.windowPostMessageProxy.postMessage(targetWindow, request, targetOrigin);
  }

  #sendWithBody<T>(
    method: HttpMethod,
    url: string,
    body: unknown,
    headers: MessageHeaders,
    targetWindow: TTarget | null | undefined,
    targetOrigin: string | undefined,
  ) {
    return this.send<T>({ method, url, headers, body }, targetWindow, targetOrigin);
  }
}
