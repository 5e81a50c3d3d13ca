import type { IHttpPostMessageRequest } from './envelope.ts';

/** True for any non-null object (arrays included): what a message or a field must be to be read. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** True for a request envelope: an object with a string `method` and a string `url`. */
export function isRequest(message: unknown): message is IHttpPostMessageRequest {
  return (
    isObject(message) && typeof message['method'] === 'string' && typeof message['url'] === 'string'
  );
}
