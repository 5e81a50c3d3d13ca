/**
 * The few window features the transport uses, typed structurally so the protocol core compiles
 * without the DOM lib. A DOM `Window`, an iframe's `contentWindow` and a `MessageEvent` satisfy
 * them as they are; a worker or a test double can too.
 */

/** Anything a message can be posted to with a target origin: a window or a frame's window. */
export interface PostMessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What the transport reads of a `message` event. `source` is compared by identity only. */
export interface MessageEventLike {
  readonly data: unknown;
  readonly origin: string;
  readonly source: object | null;
}

export type MessageListener = (event: MessageEventLike) => void;

/** A window whose `message` events the transport listens to. */
export interface MessageEventWindow {
  addEventListener(type: 'message', listener: MessageListener): void;
  removeEventListener(type: 'message', listener: MessageListener): void;
}
