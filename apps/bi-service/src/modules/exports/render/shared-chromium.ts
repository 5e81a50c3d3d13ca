/**
 * One headless Chromium shared by every export job (each job gets a fresh context of it). It is
 * started on first use, started again after `restartAfterJobs` jobs (Chromium grows over long
 * runs) or when it crashed or was killed, and never downloaded: the system's executable only.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The flags the browser tests use too: headless, as root, no outside network chatter. */
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface SharedChromiumOptions {
  executablePath: string;
  restartAfterJobs: number;
}

export class SharedChromium {
  private readonly options: SharedChromiumOptions;
  private current: Promise<Browser> | null = null;
  private jobsOnCurrent = 0;
  /** Jobs running on each browser, so that a browser due for a restart closes once they end. */
  private readonly running = new Map<Browser, number>();
  private readonly retired = new Set<Browser>();

  constructor(options: SharedChromiumOptions) {
    this.options = options;
  }

  /** Null when the executable is there; otherwise the Spanish reason, naming the install step. */
  missingReason(): string | null {
    if (existsSync(this.options.executablePath)) return null;
    return (
      `La exportación necesita Chromium y no está instalado en ${this.options.executablePath}: ` +
      'instálelo con «apt-get install chromium» (o indique su ruta en CHROMIUM_PATH).'
    );
  }

  /** A browser for one job; call `release` with it when the job is over. */
  async acquire(): Promise<Browser> {
    let browser = this.current ? await this.current.catch(() => null) : null;
    if (browser && this.jobsOnCurrent >= this.options.restartAfterJobs) {
      this.retire(browser);
      browser = null;
    }
    if (!browser?.isConnected()) {
      this.current = this.launch();
      this.jobsOnCurrent = 0;
      browser = await this.current;
    }
    this.jobsOnCurrent++;
    this.running.set(browser, (this.running.get(browser) ?? 0) + 1);
    return browser;
  }

  release(browser: Browser): void {
    const left = (this.running.get(browser) ?? 1) - 1;
    if (left > 0) this.running.set(browser, left);
    else this.running.delete(browser);
    if (left <= 0 && this.retired.delete(browser)) void browser.close().catch(() => {});
  }

  /** Closes `browser` now if no job uses it, else when its last job is released. */
  private retire(browser: Browser): void {
    if (this.running.has(browser)) this.retired.add(browser);
    else void browser.close().catch(() => {});
  }

  private launch(): Promise<Browser> {
    const launched = chromium.launch({ executablePath: this.options.executablePath, args: FLAGS });
    // A failed launch is not kept: the next job tries again.
    launched.catch(() => {
      if (this.current === launched) this.current = null;
    });
    return launched;
  }

  async close(): Promise<void> {
    const current = this.current ? await this.current.catch(() => null) : null;
    this.current = null;
    const browsers = new Set([...this.retired, ...this.running.keys()]);
    if (current) browsers.add(current);
    this.retired.clear();
    this.running.clear();
    await Promise.all([...browsers].map((browser) => browser.close().catch(() => {})));
  }
}
