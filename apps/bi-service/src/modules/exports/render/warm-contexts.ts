/**
 * The host contexts waiting for export jobs (decision 0304): one fresh spare, bootstrapped and
 * never used, for a job of anyone; and the contexts of finished jobs, each kept for the identity
 * it drew for. Making a context costs more than a warm job (a Chromium renderer, the SDK, the
 * frame's scripts compiled), and on two cores making one beside a job slows that job, so a job
 * reuses a context its identity used before, and a fresh spare is made again only after a job
 * took it, once that job has answered.
 *
 * Identities never mix: a kept context is handed only to a job with the same identity key
 * (caller and effective identities), and every job loads the report into it afresh (the frame
 * builds a new client, view and query cache for each load).
 */
import type { Browser } from 'playwright-core';
import type { HostContext } from './host-context.ts';

interface Waiting {
  browser: Browser;
  /** Null for the fresh spare; else the identity key of the job that used it last. */
  identityKey: string | null;
  host: Promise<HostContext>;
}

const closeQuietly = (host: Promise<HostContext>) =>
  void host.then((made) => made.context.close()).catch(() => {});

export class WarmContexts {
  private waiting: Waiting[] = [];
  private readonly open: (browser: Browser) => Promise<HostContext>;
  private readonly kept: number;

  /** `kept`: contexts kept for identities (one per job slot), beside the fresh spare. */
  constructor(open: (browser: Browser) => Promise<HostContext>, kept: number) {
    this.open = (browser) => {
      const opening = open(browser);
      opening.catch(() => {});
      return opening;
    };
    this.kept = Math.max(1, kept);
  }

  /**
   * A context for a job of `identityKey` on `browser`: the one kept for that identity, else the
   * fresh spare, else a new one (the first job of a browser). Contexts of an earlier browser are
   * closed.
   */
  async take(browser: Browser, identityKey: string): Promise<HostContext> {
    for (const stale of this.waiting.filter((entry) => entry.browser !== browser))
      closeQuietly(stale.host);
    this.waiting = this.waiting.filter((entry) => entry.browser === browser);
    const own = this.waiting.findLastIndex((entry) => entry.identityKey === identityKey);
    const index = own >= 0 ? own : this.waiting.findIndex((entry) => entry.identityKey === null);
    const [taken] = index >= 0 ? this.waiting.splice(index, 1) : [];
    return (await taken?.host.catch(() => null)) ?? this.open(browser);
  }

  /**
   * After a job has answered: its context is kept for `identityKey` (null: closed, as after a
   * failure or a page the bootstrapped frame does not serve), the least recently used one past
   * the limit is closed, and a fresh spare is made when there is none.
   */
  giveBack(browser: Browser, host: HostContext, identityKey: string | null): void {
    if (identityKey === null || !browser.isConnected()) void host.context.close().catch(() => {});
    else this.waiting.push({ browser, identityKey, host: Promise.resolve(host) });
    const kept = this.waiting.filter((entry) => entry.identityKey !== null);
    for (const extra of kept.slice(0, Math.max(0, kept.length - this.kept))) {
      this.waiting.splice(this.waiting.indexOf(extra), 1);
      closeQuietly(extra.host);
    }
    if (browser.isConnected() && !this.waiting.some((entry) => entry.identityKey === null))
      this.waiting.push({ browser, identityKey: null, host: this.open(browser) });
  }

  async close(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    await Promise.all(
      waiting.map((entry) => entry.host.then((host) => host.context.close()).catch(() => {})),
    );
  }
}
