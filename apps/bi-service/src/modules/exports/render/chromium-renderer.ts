/**
 * The export renderer: the report frame itself, driven in headless Chromium through our SDK, read
 * back as PDF (its print view, text as text), PNG or PPTX (its page on screen, as pictures).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import type {
  ExportRenderer,
  RendererAvailability,
  RenderPage,
  RenderRequest,
  RenderResult,
} from '../export-renderer.ts';
import { joinPdfs, slides, zipPngs } from './file-formats.ts';
import { FrameSession } from './frame-session.ts';
import { openHostContext, type HostContext } from './host-context.ts';
import { SharedChromium } from './shared-chromium.ts';
import { noLap, stepTimer, type Lap, type StepTimes } from './step-times.ts';

export interface ChromiumRendererOptions {
  /** The BI service's own origin (loopback): the frame is loaded from it. */
  serviceOrigin: string;
  /** CHROMIUM_PATH; Debian's package path when not given. */
  executablePath?: string | undefined;
  /** Jobs after which the browser is started afresh. */
  restartAfterJobs?: number | undefined;
  /** The SDK's script bundle (built by `npm run build`). */
  sdkBundlePath?: string | undefined;
  /**
   * Host contexts kept made ahead: one per job that may run at once (BI_EXPORT_CONCURRENCY), so
   * that no job of a burst waits for a context to be made.
   */
  spareContexts?: number | undefined;
  /** Told, after each job, how long its steps took (the benchmark's breakdown). */
  onStepTimes?: ((times: StepTimes) => void) | undefined;
}

const repoRoot = resolve(import.meta.dirname, '../../../../../..');
const defaultSdkBundle = resolve(repoRoot, 'packages/embed-sdk/dist/powerbi.js');

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export class ChromiumExportRenderer implements ExportRenderer {
  private readonly chromium: SharedChromium;
  private readonly serviceOrigin: string;
  private readonly sdkBundlePath: string;
  private sdkBundle: string | null = null;
  private readonly spareContexts: number;
  private readonly onStepTimes: ((times: StepTimes) => void) | undefined;
  /** Host contexts made ahead for the next jobs, oldest first, on the browser they were made with. */
  private spares: { browser: Browser; host: Promise<HostContext> }[] = [];

  constructor(options: ChromiumRendererOptions) {
    this.serviceOrigin = new URL(options.serviceOrigin).origin;
    this.sdkBundlePath = options.sdkBundlePath ?? defaultSdkBundle;
    this.spareContexts = Math.max(1, options.spareContexts ?? 1);
    this.onStepTimes = options.onStepTimes;
    this.chromium = new SharedChromium({
      executablePath: options.executablePath ?? '/usr/bin/chromium',
      restartAfterJobs: options.restartAfterJobs ?? 50,
    });
  }

  availability(): Promise<RendererAvailability> {
    const missing =
      this.chromium.missingReason() ??
      (existsSync(this.sdkBundlePath)
        ? null
        : 'La exportación necesita el SDK compilado: ejecute «npm run build».');
    return Promise.resolve(missing ? { available: false, reason: missing } : { available: true });
  }

  async render(
    request: RenderRequest,
    onProgress: (done: number, total: number) => void,
    signal: AbortSignal,
  ): Promise<RenderResult> {
    const availability = await this.availability();
    if (!availability.available) throw new Error(availability.reason);
    signal.throwIfAborted();
    this.sdkBundle ??= readFileSync(this.sdkBundlePath, 'utf8');
    const timer = this.onStepTimes ? stepTimer() : null;
    const lap = timer?.lap ?? noLap;
    const browser = await this.chromium.acquire();
    lap('browser');
    let prepared: HostContext | null = null;
    const onAbort = () => void prepared?.context.close().catch(() => {});
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      prepared = await this.hostContext(browser);
      lap('context');
      signal.throwIfAborted();
      const session = await FrameSession.open(prepared, request, this.serviceOrigin, lap);
      signal.throwIfAborted();
      const result = await draw(session, request, onProgress, signal, lap);
      if (timer) this.onStepTimes?.(timer.times);
      return result;
    } catch (error) {
      throw failureOf(error, browser, signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
      // The file is ready: the context closes after the job answers, then frees the browser.
      void (prepared?.context.close() ?? Promise.resolve())
        .catch(() => {})
        .finally(() => this.chromium.release(browser));
    }
  }

  /**
   * The oldest spare host context made on `browser` that is fine, or a new one; the spares are
   * topped up again for the jobs to come (spares of an earlier browser are closed). With no spare
   * (the first job of a browser), the job's own context is made first, alone.
   */
  private async hostContext(browser: Browser): Promise<HostContext> {
    for (const stale of this.spares.filter((spare) => spare.browser !== browser))
      void stale.host.then((host) => host.context.close()).catch(() => {});
    this.spares = this.spares.filter((spare) => spare.browser === browser);
    const taken = this.spares.shift();
    if (!taken) {
      const own = await this.openHost(browser);
      this.topUpSpares(browser);
      return own;
    }
    this.topUpSpares(browser);
    return (await taken.host.catch(() => null)) ?? this.openHost(browser);
  }

  private topUpSpares(browser: Browser): void {
    while (this.spares.length < this.spareContexts)
      this.spares.push({ browser, host: this.openHost(browser) });
  }

  private openHost(browser: Browser): Promise<HostContext> {
    const opening = openHostContext(browser, this.serviceOrigin, this.sdkBundle!);
    opening.catch(() => {});
    return opening;
  }

  async close(): Promise<void> {
    const spares = this.spares;
    this.spares = [];
    await Promise.all(
      spares.map((spare) => spare.host.then((host) => host.context.close()).catch(() => {})),
    );
    await this.chromium.close();
  }
}

/** Consecutive steps with the same bookmark: one print of the frame serves them all. */
function runsSharingBookmark(steps: readonly RenderPage[]): RenderPage[][] {
  const runs: RenderPage[][] = [];
  const bookmarkOf = (step: RenderPage) => `${step.bookmarkState ?? ''}|${step.bookmarkName ?? ''}`;
  for (const step of steps) {
    const last = runs.at(-1);
    if (last && bookmarkOf(last[0]!) === bookmarkOf(step)) last.push(step);
    else runs.push([step]);
  }
  return runs;
}

/**
 * The job's file, with progress as pages are done: a PDF is one print per run of pages sharing a
 * bookmark (the runs joined); pictures are one screenshot per page, each after its page is shown.
 */
async function draw(
  session: FrameSession,
  request: RenderRequest,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
  lap: Lap,
): Promise<RenderResult> {
  let done = 0;
  const total = request.paginated ? 1 : request.pages.length;
  const drawn = (pages: number) => {
    signal.throwIfAborted();
    for (let page = 0; page < pages; page++) onProgress(++done, total);
  };
  if (request.paginated) {
    if (request.format !== 'PDF') throw new Error('Paginated reports export to PDF only');
    const file = await session.printPdf([null], false);
    drawn(1);
    return { file, extension: '.pdf' };
  }
  if (request.format === 'PDF') {
    const parts: Buffer[] = [];
    for (const run of runsSharingBookmark(request.pages)) {
      parts.push(await session.printPdf(run, true));
      drawn(run.length);
    }
    const file = await joinPdfs(parts);
    lap('join');
    return { file, extension: '.pdf' };
  }
  const pngs: Buffer[] = [];
  for (const step of request.pages) {
    await session.show(step);
    pngs.push(await session.screenshot(step));
    drawn(1);
  }
  const pictures = request.pages.map((step, index) => ({
    title: session.pageInfo(step.pageName).displayName,
    png: pngs[index]!,
    ...pngSize(pngs[index]!),
  }));
  const result: RenderResult =
    request.format === 'PPTX'
      ? { file: await slides(pictures), extension: '.pptx' }
      : pictures.length === 1
        ? { file: pictures[0]!.png, extension: '.png' }
        : { file: zipPngs(pictures), extension: '.zip' };
  lap(request.format === 'PPTX' ? 'slides' : 'zip');
  return result;
}

/** Why a job failed, in words: a browser that died mid-job says so, an abort keeps its reason. */
function failureOf(error: unknown, browser: Browser, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (!browser.isConnected())
    return new Error('El navegador de exportación se cerró mientras dibujaba el informe.', {
      cause: error,
    });
  return error;
}
