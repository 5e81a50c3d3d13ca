/** The request and response envelopes every message on the embed channel uses. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type MessageHeaders = Record<string, string | undefined>;

export interface IHttpPostMessageRequest<TBody = unknown> {
  method: HttpMethod;
  url: string;
  headers: MessageHeaders;
  body?: TBody;
}

export interface IHttpPostMessageResponse<TBody = unknown> {
  statusCode: number;
  statusText?: string;
  headers: MessageHeaders;
  body: TBody;
}

/** Anything that can post a tracked message to a target and settle with the reply. */
export interface IPostMessage<TTarget = unknown> {
  postMessage<T>(target: TTarget, message: object, targetOrigin?: string): Promise<T>;
}

/** Anything that accepts `{test, handle}` request handlers (a postMessage proxy). */
export interface IAddHandler {
  addHandler(handler: IRequestHandler): void;
}

export interface IRequestHandler {
  test(message: unknown): boolean;
  handle(message: unknown): unknown;
}
