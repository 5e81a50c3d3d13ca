import { platform } from './platform.ts';

/**
 * The windows a host talks to, each with the origin its document must have. The object model
 * registers every iframe's `contentWindow` with the origin of its embed URL, then hands
 * `targetOriginFor` and `accepts` to the proxy: requests are posted to that origin only, and
 * inbound messages from any other window (or from the right window showing another origin) are
 * dropped.
 */
export class TrustedWindows {
  private readonly origins = new Map<object, string>();

  /** Trusts `target` while it shows a document of `origin` (`'*'` trusts any origin). */
  add(target: object, origin: string): void {
    this.origins.set(target, origin);
  }

  delete(target: object): void {
    this.origins.delete(target);
  }

  has(target: object): boolean {
    return this.origins.has(target);
  }

  /** The origin to post to, or undefined for a window that was never registered. */
  readonly targetOriginFor = (target: object): string | undefined => this.origins.get(target);

  /** True when the message comes from a registered window showing its registered origin. */
  readonly accepts = (source: object | null, origin: string): boolean => {
    if (!source) return false;
    const expected = this.origins.get(source);
    return expected !== undefined && (expected === '*' || expected === origin);
  };
}

/** The origin of an absolute URL, e.g. an embed URL, or undefined when it has none. */
export function originOf(url: string): string | undefined {
  try {
    const { origin } = new platform.URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
