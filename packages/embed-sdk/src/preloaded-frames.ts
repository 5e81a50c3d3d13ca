/**
 * The hidden iframes `preload` created in this page, and whether each has loaded. A bootstrap
 * offered one of them moves it into its container instead of loading the embed page again
 * (decision 0211): the page, its scripts and the frame's start-up are already done.
 */
const preloaded = new WeakMap<HTMLIFrameElement, { loaded: boolean }>();

/** Records a preloaded iframe; its `load` event marks it loaded. */
export function trackPreloaded(iframe: HTMLIFrameElement): void {
  const state = { loaded: false };
  preloaded.set(iframe, state);
  iframe.addEventListener('load', () => (state.loaded = true), { once: true });
}

const absolute = (url: string) => {
  try {
    return new URL(url, document.baseURI).href;
  } catch {
    return url;
  }
};

/**
 * Moves `iframe` into `element` when it is a preloaded iframe still in the page and showing
 * exactly `embedUrl` (so its locale and layout are the embed's), and the browser can move an
 * iframe without reloading it (`moveBefore`). Answers whether it had loaded, or undefined when
 * it cannot be adopted (the caller then creates a fresh iframe).
 */
export function adoptPreloaded(
  iframe: HTMLIFrameElement,
  element: HTMLElement,
  embedUrl: string,
): { loaded: boolean } | undefined {
  const state = preloaded.get(iframe);
  if (!state || !iframe.isConnected || typeof element.moveBefore !== 'function') return undefined;
  if (absolute(iframe.getAttribute('src') ?? '') !== absolute(embedUrl)) return undefined;
  try {
    element.replaceChildren();
    element.moveBefore(iframe, null);
  } catch {
    // Not movable here (another document, a disconnected container): load a fresh one.
    return undefined;
  }
  preloaded.delete(iframe);
  iframe.removeAttribute('style');
  iframe.setAttribute('allowfullscreen', 'true');
  return state;
}
