import type {
  IMessageHandler,
  IProcessTrackingProperties,
  ITrackingProperties,
  IWindowPostMessageProxyOptions,
} from './proxy-options.ts';
import { platform } from './platform.ts';
import { createRandomId } from './random-id.ts';
import type { MessageEventLike, MessageEventWindow, PostMessageTarget } from './windows.ts';
import { isObject, isRequest } from '../guards.ts';

const trackingPropertyName = 'windowPostMessageProxy';

interface PendingRequest {
  resolve(message: unknown): void;
  reject(reason: unknown): void;
  timer: unknown;
  target: PostMessageTarget;
  message: object;
  /** The origin the resolver chose for it; undefined when the caller named one (kept as is). */
  origin: string | undefined;
}

/**
 * What the proxy itself rejects a request with: no origin to post it to, or no answer in time.
 * Unlike a frame's error reply, or whatever a host's replacement handler throws, it means the
 * frame could not be reached, which the SDK reports on its own (decision 0302).
 */
export class TransportError extends Error {}

/**
 * A duplex request/response channel over `window.postMessage`, with the semantics of
 * Microsoft's window-post-message-proxy 0.2.5 (tracking ids, pending map, ordered handlers,
 * default `{warning}` reply), plus pinned target origins, a source filter and a timeout.
 */
export class WindowPostMessageProxy {
  static defaultAddTrackingProperties<T>(message: T, trackingProperties: ITrackingProperties): T {
    if (isObject(message))
      (message as Record<string, unknown>)[trackingPropertyName] = trackingProperties;
    return message;
  }

  static defaultGetTrackingProperties(message: unknown): Partial<ITrackingProperties> | undefined {
    const tracking = isObject(message) ? message[trackingPropertyName] : undefined;
    return isObject(tracking) ? (tracking as Partial<ITrackingProperties>) : undefined;
  }

  static defaultIsErrorMessage(message: unknown): boolean {
    return isObject(message) && Boolean(message['error']);
  }

  readonly name: string;
  readonly #options: IWindowPostMessageProxyOptions;
  readonly #receiveWindow: MessageEventWindow;
  readonly #tracking: IProcessTrackingProperties;
  readonly #isErrorMessage: (message: unknown) => boolean;
  /**
   * Replies go to this window instead of `event.source`. A property, as on 0.2.5's proxy, so a
   * host may set it after construction; it starts as the option of the same name.
   */
  eventSourceOverrideWindow: PostMessageTarget | undefined;
  readonly #pendingRequests = new Map<string, PendingRequest>();
  /** Every window this proxy posted a request to: the windows its caller chose to talk to. */
  readonly #postedTo = new WeakSet<object>();
  readonly #handlers: IMessageHandler[] = [];
  readonly #onMessage = (event: MessageEventLike): void => this.#receive(event);

  constructor(options: IWindowPostMessageProxyOptions = {}) {
    this.#options = options;
    this.name = options.name ?? createRandomId();
    this.eventSourceOverrideWindow = options.eventSourceOverrideWindow;
    this.#receiveWindow = options.receiveWindow ?? (globalThis as unknown as MessageEventWindow);
    this.#tracking = options.processTrackingProperties ?? {
      addTrackingProperties: WindowPostMessageProxy.defaultAddTrackingProperties,
      getTrackingProperties: WindowPostMessageProxy.defaultGetTrackingProperties,
    };
    this.#isErrorMessage = options.isErrorMessage ?? WindowPostMessageProxy.defaultIsErrorMessage;
    this.start();
  }

  addHandler(handler: IMessageHandler): void {
    this.#handlers.push(handler);
  }

  removeHandler(handler: IMessageHandler): void {
    const index = this.#handlers.indexOf(handler);
    if (index === -1)
      throw new Error('You attempted to remove a handler but no matching handler was found.');
    this.#handlers.splice(index, 1);
  }

  /** Starts listening; the constructor already does, so this only undoes `stop()`. */
  start(): void {
    this.#receiveWindow.addEventListener('message', this.#onMessage);
  }

  stop(): void {
    this.#receiveWindow.removeEventListener('message', this.#onMessage);
  }

  /** True when this proxy has posted a request to `target` (compared by identity). */
  hasPostedTo(target: object | null): boolean {
    // WeakSet.has answers false for null, as for anything never added.
    return this.#postedTo.has(target as object);
  }

  /**
   * Forgets the pending requests posted to `target` (an embed that was reset): their timers stop
   * and they never settle, as with 2.8.0, instead of timing out later into whatever the page is
   * doing by then.
   */
  forget(target: object): void {
    for (const [id, pending] of this.#pendingRequests) {
      if (pending.target !== target) continue;
      platform.clearTimeout(pending.timer);
      this.#pendingRequests.delete(id);
    }
  }

  /** Posts `message` with a fresh tracking id; settles when a message with that id comes back. */
  postMessage<T>(
    targetWindow: PostMessageTarget,
    message: object,
    targetOrigin?: string,
  ): Promise<T> {
    const origin = targetOrigin ?? this.#resolveTargetOrigin(targetWindow);
    if (origin === undefined) {
      return Promise.reject(
        new TransportError(
          `Proxy(${this.name}): no target origin is registered for the target window.`,
        ),
      );
    }
    const trackingProperties = { id: createRandomId() };
    this.#tracking.addTrackingProperties(message, trackingProperties);
    this.#log('Posting message:', message);
    targetWindow.postMessage(message, origin);
    this.#postedTo.add(targetWindow);
    return new Promise<T>((resolve, reject) => {
      const pending: PendingRequest = {
        resolve: resolve as (message: unknown) => void,
        reject,
        timer: undefined,
        target: targetWindow,
        message,
        origin: targetOrigin === undefined ? origin : undefined,
      };
      const timeout = this.#options.requestTimeout ?? 0;
      if (timeout > 0)
        pending.timer = platform.setTimeout(() => {
          this.#pendingRequests.delete(trackingProperties.id);
          pending.reject(
            new TransportError(
              `Proxy(${this.name}): no response to message ${trackingProperties.id} within ${timeout} ms${isRequest(message) ? ` (${message.method} ${message.url})` : ''}.`,
            ),
          );
        }, timeout);
      this.#pendingRequests.set(trackingProperties.id, pending);
    });
  }

  #resolveTargetOrigin(target: PostMessageTarget): string | undefined {
    const configured = this.#options.targetOrigin;
    if (configured === undefined) return '*';
    return typeof configured === 'string' ? configured : configured(target);
  }

  #receive(event: MessageEventLike): void {
    const { acceptMessage } = this.#options;
    if (acceptMessage && !acceptMessage(event.source, event.origin)) {
      this.#warn('message from a source not allowed; discarded');
      return;
    }
    this.#repostTo(event.source);
    const message: unknown = event.data;
    this.#log('Received message:', message);
    if (!isObject(message)) {
      this.#warn('message is not an object; discarded');
      return;
    }
    const trackingProperties = this.#readTrackingProperties(message);
    const id = trackingProperties?.id;
    // Any message carrying a pending id is that request's reply, whatever else it holds (0.2.5).
    const pending = id === undefined ? undefined : this.#pendingRequests.get(id);
    if (pending) this.#settle(id as string, pending, message);
    else this.#dispatch(message, trackingProperties, event);
  }

  /**
   * Posts again, to the origin the resolver now gives, each pending request that went to `source`
   * at another origin: a frame that moved to an allowed origin gets what was lost on the way.
   */
  #repostTo(source: object | null): void {
    for (const pending of this.#pendingRequests.values()) {
      if (pending.target !== source || !pending.origin || pending.origin === '*') continue;
      const origin = this.#resolveTargetOrigin(pending.target);
      if (!origin || origin === pending.origin) continue;
      pending.origin = origin;
      pending.target.postMessage(pending.message, origin);
    }
  }

  #readTrackingProperties(message: object): Partial<ITrackingProperties> | undefined {
    try {
      return this.#tracking.getTrackingProperties(message);
    } catch (error) {
      this.#warn('getTrackingProperties threw:', error);
      return undefined;
    }
  }

  #settle(id: string, pending: PendingRequest, message: object): void {
    this.#pendingRequests.delete(id);
    platform.clearTimeout(pending.timer);
    let isError = true;
    try {
      isError = this.#isErrorMessage(message);
    } catch (error) {
      this.#warn('isErrorMessage threw:', error);
    }
    if (isError) pending.reject(message);
    else pending.resolve(message);
  }

  #dispatch(
    message: object,
    tracking: Partial<ITrackingProperties> | undefined,
    event: MessageEventLike,
  ): void {
    const handler = this.#handlers.find((candidate) => this.#passes(candidate, message));
    if (!handler) {
      this.#warn('no handler for message:', message);
      return;
    }
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(handler.handle(message));
    } catch (error) {
      this.#warn('handler.handle threw:', error);
      result = Promise.resolve(undefined);
    }
    result.then(
      (response) => this.#reply(event, response || this.#defaultResponse(message), tracking),
      (error: unknown) => this.#warn('handler rejected; no reply:', error),
    );
  }

  #passes(handler: IMessageHandler, message: object): boolean {
    try {
      return handler.test(message);
    } catch (error) {
      this.#warn('handler.test threw:', error);
      return false;
    }
  }

  #defaultResponse(message: object): { warning: string } {
    const warning = `Handler for message: ${JSON.stringify(message, null, '  ')} did not return a response message. The default response message will be returned instead.`;
    this.#warn(warning);
    return { warning };
  }

  /** Replies to the window that asked, restricted to the origin it asked from when that is known. */
  #reply(
    event: MessageEventLike,
    response: unknown,
    tracking: Partial<ITrackingProperties> | undefined,
  ): void {
    const override = this.eventSourceOverrideWindow;
    // A message's source is a window, a port or a worker: each can be posted to.
    const target = override ?? (event.source as PostMessageTarget | null);
    if (!target || !isObject(response)) return;
    const origin = override
      ? (this.#resolveTargetOrigin(override) ?? '*')
      : event.origin && event.origin !== 'null'
        ? event.origin
        : '*';
    this.#tracking.addTrackingProperties(response, tracking as ITrackingProperties);
    this.#log('Sending response:', response);
    target.postMessage(response, origin);
  }

  #log(what: string, message: unknown): void {
    if (this.#options.logMessages)
      platform.console.log(`${this.name} ${what}`, JSON.stringify(message, null, '  '));
  }

  #warn(what: string, detail?: unknown): void {
    if (!this.#options.suppressWarnings)
      platform.console.warn(`Proxy(${this.name}): ${what}`, detail ?? '');
  }
}
