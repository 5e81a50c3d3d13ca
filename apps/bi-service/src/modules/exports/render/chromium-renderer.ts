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
import { bootstrapServes, openHostContext, type HostContext } from './host-context.ts';
import { SharedChromium } from './shared-chromium.ts';
import { noLap, stepTimer, type Lap, type StepTimes } from './step-times.ts';
import { WarmContexts } from './warm-contexts.ts';

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
   * Contexts kept for the identities of finished jobs: one per job that may run at once
   * (BI_EXPORT_CONCURRENCY), beside one fresh spare (decision 0304).
   */
  keptContexts?: number | undefined;
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
  private readonly onStepTimes: ((times: StepTimes) => void) | undefined;
  private readonly contexts: WarmContexts;

  constructor(options: ChromiumRendererOptions) {
    this.serviceOrigin = new URL(options.serviceOrigin).origin;
    this.sdkBundlePath = options.sdkBundlePath ?? defaultSdkBundle;
    this.contexts = new WarmContexts(
      (browser) => openHostContext(browser, this.serviceOrigin, this.sdkBundle!),
      options.keptContexts ?? 1,
    );
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
    /** Who the context may serve next: the job's identity once it succeeded in a reusable frame. */
    let keepFor: string | null = null;
    const onAbort = () => void prepared?.context.close().catch(() => {});
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      prepared = await this.contexts.take(browser, request.identityKey);
      lap('context');
      signal.throwIfAborted();
      const session = await FrameSession.open(prepared, request, this.serviceOrigin, lap);
      signal.throwIfAborted();
      const result = await draw(session, request, onProgress, signal, lap);
      if (timer) this.onStepTimes?.(timer.times);
      if (bootstrapServes(request)) keepFor = request.identityKey;
      return result;
    } catch (error) {
      throw failureOf(error, browser, signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
      // The file is ready: the context is kept or closed after the job answers.
      if (prepared) this.contexts.giveBack(browser, prepared, signal.aborted ? null : keepFor);
      this.chromium.release(browser);
    }
  }

  async close(): Promise<void> {
    await this.contexts.close();
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
