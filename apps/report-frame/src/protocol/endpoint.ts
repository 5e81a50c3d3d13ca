/**
 * The frame's postMessage endpoint. It accepts requests only from the parent window, answers
 * every one of them (404 for unknown routes: the SDK would otherwise wait forever) to the origin
 * it came from, and posts events to the parent. Route matching is the shared protocol Router's job.
 */
import type { IAddHandler, IRequestHandler } from '@vitrina/embed-sdk/protocol';

interface Envelope {
  method?: unknown;
  url?: unknown;
  statusCode?: unknown;
  headers?: Record<string, unknown>;
  body?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class FrameEndpoint implements IAddHandler {
  private readonly handlers: IRequestHandler[] = [];
  private readonly pending = new Map<string, (reply: Envelope) => void>();
  private readonly parent: Window;
  /** The origin of the host page, learned from its first request (events go only there). */
  private parentOrigin: string | undefined;

  constructor(self: Window, parent: Window, initialParentOrigin: string | undefined) {
    this.parent = parent;
    this.parentOrigin = initialParentOrigin;
    self.addEventListener('message', (event) => this.receive(event));
  }

  addHandler(handler: IRequestHandler): void {
    this.handlers.push(handler);
  }

  /** Posts an event request to the host; resolves with the host's reply (or never, if it does not answer). */
  post(url: string, body: unknown, origin = this.parentOrigin): Promise<Envelope> {
    const id = randomId();
    const message = { method: 'POST', url, headers: { id }, body };
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.parent.postMessage(message, origin ?? '*');
    });
  }

  private receive(event: MessageEvent): void {
    if (event.source !== this.parent || this.parent === window) return;
    const message: unknown = event.data;
    if (!isObject(message)) return;
    const envelope = message as Envelope;
    const id = typeof envelope.headers?.['id'] === 'string' ? envelope.headers['id'] : undefined;
    if (id && this.pending.has(id) && typeof envelope.method !== 'string') {
      this.pending.get(id)?.(envelope);
      this.pending.delete(id);
      return;
    }
    if (typeof envelope.method !== 'string' || typeof envelope.url !== 'string' || !id) return;
    if (event.origin && event.origin !== 'null') this.parentOrigin = event.origin;
    void this.answer(envelope, id, event.origin);
  }

  private async answer(request: Envelope, id: string, origin: string): Promise<void> {
    const handler = this.handlers.find((h) => h.test(request));
    let reply: { statusCode: number; statusText?: string; body?: unknown };
    if (!handler) {
      reply = {
        statusCode: 404,
        statusText: 'Not Found',
        body: `Route not found: ${String(request.method)} ${String(request.url)}`,
      };
    } else {
      try {
        const response = (await handler.handle(request)) as
          { statusCode: number; body: unknown } | undefined;
        reply = response ?? {
          statusCode: 500,
          body: { message: 'The frame produced no response.' },
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        reply = { statusCode: 500, body: { message, errorCode: 'FrameError' } };
      }
    }
    const envelope: Record<string, unknown> = { statusCode: reply.statusCode, headers: { id } };
    if (reply.statusText) envelope['statusText'] = reply.statusText;
    if (reply.body !== undefined) envelope['body'] = reply.body;
    this.parent.postMessage(envelope, origin && origin !== 'null' ? origin : '*');
  }
}
