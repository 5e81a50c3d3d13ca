import type {
  IMessageHandler,
  IProcessTrackingProperties,
  ITrackingProperties,
  IWindowPostMessageProxyOptions,
} from './proxy-options.ts';
import { platform } from './platform.ts';
import { createRandomId } from './random-id.ts';
import type { MessageEventLike, MessageEventWindow, PostMessageTarget } from './windows.ts';

interface PendingRequest {
  resolve(message: unknown): void;
  reject(reason: unknown): void;
  timer: unknown;
}

const trackingPropertyName = 'windowPostMessageProxy';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function canReceivePosts(source: object | null): source is PostMessageTarget {
  return (
    source !== null && typeof (source as Partial<PostMessageTarget>).postMessage === 'function'
  );
}

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
  private readonly options: IWindowPostMessageProxyOptions;
  private readonly receiveWindow: MessageEventWindow;
  private readonly tracking: IProcessTrackingProperties;
  private readonly isErrorMessage: (message: unknown) => boolean;
  private readonly pendingRequests = new Map<string, PendingRequest>();
  private readonly handlers: IMessageHandler[] = [];
  private readonly onMessage = (event: MessageEventLike): void => this.receive(event);

  constructor(options: IWindowPostMessageProxyOptions = {}) {
    this.options = options;
    this.name = options.name ?? createRandomId();
    this.receiveWindow = options.receiveWindow ?? (globalThis as unknown as MessageEventWindow);
    this.tracking = options.processTrackingProperties ?? {
      addTrackingProperties: WindowPostMessageProxy.defaultAddTrackingProperties,
      getTrackingProperties: WindowPostMessageProxy.defaultGetTrackingProperties,
    };
    this.isErrorMessage = options.isErrorMessage ?? WindowPostMessageProxy.defaultIsErrorMessage;
    this.start();
  }

  addHandler(handler: IMessageHandler): void {
    this.handlers.push(handler);
  }

  removeHandler(handler: IMessageHandler): void {
    const index = this.handlers.indexOf(handler);
    if (index === -1)
      throw new Error('You attempted to remove a handler but no matching handler was found.');
    this.handlers.splice(index, 1);
  }

  /** Starts listening; the constructor already does, so this only undoes `stop()`. */
  start(): void {
    this.receiveWindow.addEventListener('message', this.onMessage);
  }

  stop(): void {
    this.receiveWindow.removeEventListener('message', this.onMessage);
  }

  /** Posts `message` with a fresh tracking id; settles when a message with that id comes back. */
  postMessage<T>(
    targetWindow: PostMessageTarget,
    message: object,
    targetOrigin?: string,
  ): Promise<T> {
    const origin = targetOrigin ?? this.resolveTargetOrigin(targetWindow);
    if (origin === undefined) {
      return Promise.reject(
        new Error(`Proxy(${this.name}): no target origin is registered for the target window.`),
      );
    }
    const trackingProperties = { id: createRandomId() };
    this.tracking.addTrackingProperties(message, trackingProperties);
    this.log('Posting message:', message);
    targetWindow.postMessage(message, origin);
    return new Promise<T>((resolve, reject) => {
      const pending: PendingRequest = {
        resolve: resolve as (message: unknown) => void,
        reject,
        timer: undefined,
      };
      const timeout = this.options.requestTimeout ?? 0;
      if (timeout > 0)
        pending.timer = platform.setTimeout(
          () => this.expire(trackingProperties.id, timeout),
          timeout,
        );
      this.pendingRequests.set(trackingProperties.id, pending);
    });
  }

  private resolveTargetOrigin(target: PostMessageTarget): string | undefined {
    const configured = this.options.targetOrigin;
    if (configured === undefined) return '*';
    return typeof configured === 'string' ? configured : configured(target);
  }

  private expire(id: string, timeout: number): void {
    const pending = this.pendingRequests.get(id);
    if (!pending) return;
    this.pendingRequests.delete(id);
    pending.reject(
      new Error(`Proxy(${this.name}): no response to message ${id} within ${timeout} ms.`),
    );
  }

  private receive(event: MessageEventLike): void {
    const { acceptMessage } = this.options;
    if (acceptMessage && !acceptMessage(event.source, event.origin)) {
      this.warn(
        'Received message from a window or origin that is not allowed. The message will be discarded.',
      );
      return;
    }
    const message: unknown = event.data;
    this.log('Received message:', message);
    if (!isObject(message)) {
      this.warn('Received message that was not an object. Discarding message');
      return;
    }
    const trackingProperties = this.readTrackingProperties(message);
    const id = trackingProperties?.id;
    const pending = id === undefined ? undefined : this.pendingRequests.get(id);
    // Any message carrying a pending id is that request's reply, whatever else it holds (0.2.5).
    if (id !== undefined && pending) this.settle(id, pending, message);
    else this.dispatch(message, trackingProperties, event);
  }

  private readTrackingProperties(message: object): Partial<ITrackingProperties> | undefined {
    try {
      return this.tracking.getTrackingProperties(message);
    } catch (error) {
      this.warn(
        'Error occurred when attempting to get tracking properties from incoming message:',
        error,
      );
      return undefined;
    }
  }

  private settle(id: string, pending: PendingRequest, message: object): void {
    this.pendingRequests.delete(id);
    platform.clearTimeout(pending.timer);
    let isError = true;
    try {
      isError = this.isErrorMessage(message);
    } catch (error) {
      this.warn('Error occurred when trying to determine if message is an error response:', error);
    }
    if (isError) pending.reject(message);
    else pending.resolve(message);
  }

  private dispatch(
    message: object,
    tracking: Partial<ITrackingProperties> | undefined,
    event: MessageEventLike,
  ): void {
    const handler = this.handlers.find((candidate) => this.passes(candidate, message));
    if (!handler) {
      this.warn(`did not handle message. Handlers: ${this.handlers.length}`, message);
      return;
    }
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(handler.handle(message));
    } catch (error) {
      this.warn('Error occurred when handler was processing incoming message:', error);
      result = Promise.resolve(undefined);
    }
    result.then(
      (response) => this.reply(event, response || this.defaultResponse(message), tracking),
      (error: unknown) => this.warn('Handler rejected; no response is sent:', error),
    );
  }

  private passes(handler: IMessageHandler, message: object): boolean {
    try {
      return handler.test(message);
    } catch (error) {
      this.warn('Error occurred when handler was testing incoming message:', error);
      return false;
    }
  }

  private defaultResponse(message: object): { warning: string } {
    const warning = `Handler for message: ${JSON.stringify(message, null, '  ')} did not return a response message. The default response message will be returned instead.`;
    this.warn(warning);
    return { warning };
  }

  /** Replies to the window that asked, restricted to the origin it asked from when that is known. */
  private reply(
    event: MessageEventLike,
    response: unknown,
    tracking: Partial<ITrackingProperties> | undefined,
  ): void {
    const override = this.options.eventSourceOverrideWindow;
    const target = override ?? (canReceivePosts(event.source) ? event.source : undefined);
    if (!target || !isObject(response)) return;
    const origin = override
      ? (this.resolveTargetOrigin(override) ?? '*')
      : event.origin && event.origin !== 'null'
        ? event.origin
        : '*';
    this.tracking.addTrackingProperties(response, tracking as ITrackingProperties);
    this.log('Sending response:', response);
    target.postMessage(response, origin);
  }

  private log(what: string, message: unknown): void {
    if (this.options.logMessages)
      platform.console.log(`${this.name} ${what}`, JSON.stringify(message, null, '  '));
  }

  private warn(what: string, detail?: unknown): void {
    if (!this.options.suppressWarnings)
      platform.console.warn(`Proxy(${this.name}): ${what}`, detail ?? '');
  }
}
