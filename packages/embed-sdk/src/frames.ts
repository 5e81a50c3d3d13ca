import { TrustedWindows, originOf } from './protocol/index.ts';

/**
 * The windows of the iframes this SDK created in this page, each with the origin of its embed
 * URL. The default transport posts only to that origin (2.8.0 posted to `*`) and accepts inbound
 * messages only from these windows showing that origin (2.8.0 accepted any window).
 */
export const trustedFrames = new TrustedWindows();

/**
 * Trusts `iframe`'s window at the origin of `url` (resolved against the page). A URL without a
 * real origin (about:, data:) cannot be pinned and is trusted at any origin. Call after insertion.
 */
export function registerFrame(iframe: HTMLIFrameElement, url: string): void {
  if (!iframe.contentWindow) return;
  let absolute = url;
  try {
    absolute = new URL(url, document.baseURI).href;
  } catch {
    // An unparsable URL has no origin to pin: fall through to `*`.
  }
  trustedFrames.add(iframe.contentWindow, originOf(absolute) ?? '*');
}
