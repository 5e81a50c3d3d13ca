import type { IHttpPostMessageResponse } from './protocol/index.ts';
import { randomHex, type HttpPostMessage } from './protocol/index.ts';

/** Dispatches a bubbling, cancelable CustomEvent carrying `eventData` in `detail`. */
export function raiseCustomEvent(
  element: HTMLElement,
  eventName: string,
  eventData: unknown,
): void {
  element.dispatchEvent(
    new CustomEvent(eventName, { detail: eventData, bubbles: true, cancelable: true }),
  );
}

/** Index of the first item matching `predicate`, or -1. Throws when `xs` is not an array (2.8.0's message). */
export function findIndex<T>(predicate: (x: T) => boolean, xs: T[]): number {
  if (!Array.isArray(xs)) {
    throw new Error(
      `You attempted to call find with second parameter that was not an array. You passed: ${String(xs)}`,
    );
  }
  return xs.findIndex(predicate);
}

/** First item matching `predicate`, or undefined. */
export function find<T>(predicate: (x: T) => boolean, xs: T[]): T | undefined {
  const index = findIndex(predicate, xs);
  return index >= 0 ? xs[index] : undefined;
}

/**
 * Removes the first item matching `predicate`. Unlike 2.8.0, an unknown item removes nothing
 * (2.8.0 spliced index -1 → undefined → 0 and dropped the first item; see docs/decisions).
 */
export function remove<T>(predicate: (x: T) => boolean, xs: T[]): void {
  const index = findIndex(predicate, xs);
  if (index >= 0) xs.splice(index, 1);
}

/** A short random base-36 id, the default `uniqueId` of an embed (crypto-random, unlike 2.8.0's Math.random). */
export function createRandomString(): string {
  return BigInt(`0x${randomHex(6)}`).toString(36);
}

/** A 20-hex-character id, one per Service: the `sdkSessionId` header. */
export function generateUUID(): string {
  return randomHex(10);
}

/** Appends `name=value` with `?` or `&`, unencoded, as 2.8.0 does. */
export function addParamToUrl(url: string, paramName: string, value: string): string {
  const separator = url.indexOf('?') > 0 ? '&' : '?';
  return `${url}${separator}${paramName}=${value}`;
}

/** Asks the frame whether the report has unsaved changes; resolves with the negation. */
export function isSavedInternal(
  hpm: HttpPostMessage,
  uid: string,
  contentWindow: Window | null,
): Promise<boolean> {
  return hpm
    .get<boolean>('/report/hasUnsavedChanges', { uid }, contentWindow ?? undefined)
    .then((response) => !response.body, rejectWithBody);
}

/** True for paginated (RDL) report embed URLs. */
export function isRDLEmbed(embedUrl: string | undefined): boolean {
  return typeof embedUrl === 'string' && embedUrl.toLowerCase().indexOf('/rdlembed?') >= 0;
}

/**
 * The rejection rule of every API call: a frame's error reply rejects with its `body` (2.8.0's
 * contract, usually an IError[] or a string); a transport failure such as a timeout stays an Error.
 */
export function rejectWithBody(reason: unknown): never {
  if (reason instanceof Error) throw reason;
  // The frame's error payload is the documented rejection value, not an Error.
  throw (reason as IHttpPostMessageResponse<unknown>).body;
}

/** Resolves with the reply's body (queries), rejecting per `rejectWithBody`. */
export function bodyOf<T>(request: Promise<IHttpPostMessageResponse<T>>): Promise<T> {
  return request.then((response) => response.body, rejectWithBody);
}

/** Resolves with the whole reply envelope (commands, as 2.8.0 does), rejecting per `rejectWithBody`. */
export function envelopeOf<T>(
  request: Promise<IHttpPostMessageResponse<T>>,
): Promise<IHttpPostMessageResponse<T>> {
  return request.catch(rejectWithBody);
}

/** Rejections of requests the SDK sends on its own have no caller to receive them. */
export function ignoreAutomatic(): void {}
