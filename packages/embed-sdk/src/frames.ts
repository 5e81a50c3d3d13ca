import { originOf } from './protocol/index.ts';
import { isPowerBiOrigin } from './power-bi-origins.ts';

/** What the SDK knows of one iframe it created. */
interface FrameEntry {
  /** The origins it may show: its embed URL's (first) and the host's `allowedOrigins`. */
  readonly allowed: readonly string[];
  /** Where requests go: the embed URL's origin until the frame is heard from another allowed one. */
  current: string;
  /** Origins already reported through `onRefused`, so each is reported once. */
  readonly refused: Set<string>;
  readonly onRefused?: (origin: string) => void;
}

export interface FrameRegistration {
  allowedOrigins?: readonly string[];
  /** Called once per origin the frame is heard from that is not allowed. */
  onRefused?: (origin: string) => void;
}

/**
 * The windows of the iframes this SDK created in this page (page-wide: every service's proxy
 * reads it). Requests to them go to the origin they are known to show, never `'*'`; their
 * messages are read only when they come from an allowed origin, which then becomes the origin
 * requests go to. Windows the SDK did not create are not in here (decisions 0090, 0092).
 */
class SdkFrames {
  readonly #frames = new WeakMap<object, FrameEntry>();

  /** Registers a frame window; `embedOrigin` is `'*'` when its embed URL has no origin to pin. */
  add(frameWindow: object, embedOrigin: string, registration: FrameRegistration = {}): void {
    this.#frames.set(frameWindow, {
      allowed: [embedOrigin, ...(registration.allowedOrigins ?? [])],
      current: embedOrigin,
      refused: new Set(),
      onRefused: registration.onRefused,
    });
  }

  delete(frameWindow: object): void {
    this.#frames.delete(frameWindow);
  }

  /** The origin to post to, or undefined for a window the SDK did not create. */
  readonly targetOriginFor = (target: object): string | undefined =>
    this.#frames.get(target)?.current;

  /**
   * The verdict on a message from `source` showing `origin`: undefined when `source` is not an
   * SDK iframe; else whether the origin is allowed, learning it as the frame's current origin
   * when it is (a frame pinned to `'*'` stays so), and reporting it once when it is not.
   */
  readonly admit = (source: object | null, origin: string): boolean | undefined => {
    // WeakMap.get answers undefined for null, as for any window it does not hold.
    const entry = this.#frames.get(source as object);
    if (!entry) return undefined;
    if (entry.current === '*') return true;
    if (entry.allowed.includes(origin) || isPowerBiOrigin(origin)) {
      entry.current = origin;
      return true;
    }
    if (!entry.refused.has(origin)) entry.onRefused?.(origin);
    entry.refused.add(origin);
    return false;
  };
}

export const trustedFrames = new SdkFrames();

/**
 * Trusts `iframe`'s window at the origin of `url` (resolved against the page) and at the
 * registration's further origins. A URL without a real origin (about:, data:) cannot be pinned
 * and is trusted at any origin. Call after insertion.
 */
export function registerFrame(
  iframe: HTMLIFrameElement,
  url: string,
  registration?: FrameRegistration,
): void {
  if (!iframe.contentWindow) return;
  let absolute = url;
  try {
    absolute = new URL(url, document.baseURI).href;
  } catch {
    // An unparsable URL has no origin to pin: fall through to `*`.
  }
  trustedFrames.add(iframe.contentWindow, originOf(absolute) ?? '*', registration);
}
