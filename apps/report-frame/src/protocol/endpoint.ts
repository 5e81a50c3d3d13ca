/**
 * The frame's postMessage endpoint, on the SDK's own transport (WindowPostMessageProxy with
 * http-post-message envelopes). It accepts requests only from the parent window showing the
 * parent's origin, answers every one of them (404 for unknown routes: the SDK would otherwise
 * wait forever), and posts events to the parent. Everything it sends goes to the parent's origin
 * and nowhere else: while that origin is unknown it posts nothing, and says why in the console.
 */
import {
  HttpPostMessage,
  WindowPostMessageProxy,
  type IAddHandler,
  type IRequestHandler,
  type PostMessageTarget,
} from '@vitrina/embed-sdk/protocol';
import { isRecord } from '../lib/is-record.ts';

/** Events the host never answers are forgotten after this long (their replies carry nothing). */
const EVENT_REPLY_TIMEOUT_MS = 30_000;

interface Reply {
  statusCode: number;
  statusText?: string;
  body?: unknown;
}

/** A request the frame answers: a method, a URL and a tracking id to answer with. */
function isRequest(message: unknown): message is { method: string; url: string } {
  return (
    isRecord(message) &&
    typeof message['method'] === 'string' &&
    typeof message['url'] === 'string' &&
    HttpPostMessage.getTrackingProperties(message).id !== undefined
  );
}

/** A route's answer (the Router's Response) as the envelope the SDK reads. */
function replyOf(response: unknown): Reply {
  if (!isRecord(response) || typeof response['statusCode'] !== 'number')
    return { statusCode: 500, body: { message: 'The frame produced no response.' } };
  const reply: Reply = { statusCode: response['statusCode'] };
  if (typeof response['statusText'] === 'string') reply.statusText = response['statusText'];
  if (response['body'] !== undefined) reply.body = response['body'];
  return reply;
}

export class FrameEndpoint implements IAddHandler {
  private readonly routes: IRequestHandler[] = [];
  private readonly proxy: WindowPostMessageProxy;
  /** The only window the frame posts to: the parent, at its pinned origin or not at all. */
  private readonly toParent: PostMessageTarget;
  /** The host page's origin: from the browser at start, else from the host's first request. */
  private parentOrigin: string | undefined;

  constructor(self: Window, parent: Window, initialParentOrigin: string | undefined) {
    this.parentOrigin = initialParentOrigin;
    const embedded = parent !== self;
    this.toParent = {
      postMessage: (message) => {
        if (this.parentOrigin) parent.postMessage(message, this.parentOrigin);
        else this.explainSilence(message);
      },
    };
    this.proxy = new WindowPostMessageProxy({
      name: 'vitrina-frame',
      receiveWindow: self,
      processTrackingProperties: HttpPostMessage,
      isErrorMessage: HttpPostMessage.isErrorMessage,
      eventSourceOverrideWindow: this.toParent,
      targetOrigin: () => this.parentOrigin,
      acceptMessage: (source, origin) => embedded && source === parent && this.pins(origin),
      requestTimeout: EVENT_REPLY_TIMEOUT_MS,
      suppressWarnings: true,
    });
    this.proxy.addHandler({
      test: isRequest,
      handle: (message) => (isRequest(message) ? this.answer(message) : undefined),
    });
  }

  addHandler(handler: IRequestHandler): void {
    this.routes.push(handler);
  }

  /** Posts an event request to the host. Its reply, a refusal or no reply at all change nothing. */
  async post(url: string, body: unknown): Promise<void> {
    const request = { method: 'POST', url, headers: {}, body };
    if (!this.parentOrigin) {
      this.explainSilence(request);
      return;
    }
    await this.proxy.postMessage(this.toParent, request).catch(() => undefined);
  }

  /** Pins the parent's origin on its first request; later messages must show the same origin. */
  private pins(origin: string): boolean {
    if (this.parentOrigin === undefined && origin && origin !== 'null') this.parentOrigin = origin;
    return this.parentOrigin === undefined || origin === this.parentOrigin;
  }

  private async answer(request: { method: string; url: string }): Promise<Reply> {
    const route = this.routes.find((handler) => handler.test(request));
    if (!route) {
      return {
        statusCode: 404,
        statusText: 'Not Found',
        body: `Route not found: ${request.method} ${request.url}`,
      };
    }
    try {
      return replyOf(await route.handle(request));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { statusCode: 500, body: { message, errorCode: 'FrameError' } };
    }
  }

  private explainSilence(message: unknown): void {
    const what =
      isRecord(message) && typeof message['url'] === 'string' ? message['url'] : 'a reply';
    console.warn(
      `Vitrina frame: ${what} was not posted: the parent page's origin is unknown ` +
        '(the browser gave no ancestor origin or referrer, and the parent has sent no request yet). ' +
        'The frame never posts to "*".',
    );
  }
}
