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

export interface ChromiumRendererOptions {
  /** The BI service's own origin (loopback): the frame is loaded from it. */
  serviceOrigin: string;
  /** CHROMIUM_PATH; Debian's package path when not given. */
  executablePath?: string | undefined;
  /** Jobs after which the browser is started afresh. */
  restartAfterJobs?: number | undefined;
  /** The SDK's script bundle (built by `npm run build`). */
  sdkBundlePath?: string | undefined;
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
  /** A host context made ahead for the next job, on the browser it was made with. */
  private spare: { browser: Browser; host: Promise<HostContext> } | null = null;

  constructor(options: ChromiumRendererOptions) {
    this.serviceOrigin = new URL(options.serviceOrigin).origin;
    this.sdkBundlePath = options.sdkBundlePath ?? defaultSdkBundle;
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
    const browser = await this.chromium.acquire();
    let prepared: HostContext | null = null;
    const onAbort = () => void prepared?.context.close().catch(() => {});
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      prepared = await this.hostContext(browser);
      signal.throwIfAborted();
      const session = await FrameSession.open(prepared, request, this.serviceOrigin);
      signal.throwIfAborted();
      return await draw(session, request, onProgress, signal);
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

  /** The spare host context when it was made on `browser` and is fine; a new one otherwise. */
  private async hostContext(browser: Browser): Promise<HostContext> {
    const spare = this.spare;
    this.spare = { browser, host: this.openHost(browser) };
    if (spare?.browser === browser) {
      const host = await spare.host.catch(() => null);
      if (host) return host;
    } else if (spare) void spare.host.then((host) => host.context.close()).catch(() => {});
    return this.openHost(browser);
  }

  private openHost(browser: Browser): Promise<HostContext> {
    const opening = openHostContext(browser, this.serviceOrigin, this.sdkBundle!);
    opening.catch(() => {});
    return opening;
  }

  async close(): Promise<void> {
    const spare = this.spare;
    this.spare = null;
    await spare?.host.then((host) => host.context.close()).catch(() => {});
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

/** The job's file: each step shown then drawn, in order, with progress after each. */
async function draw(
  session: FrameSession,
  request: RenderRequest,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<RenderResult> {
  const files: Buffer[] = [];
  const total = request.paginated ? 1 : request.pages.length;
  const drawn = (file: Buffer) => {
    signal.throwIfAborted();
    files.push(file);
    onProgress(files.length, total);
  };
  if (request.paginated) {
    if (request.format !== 'PDF') throw new Error('Paginated reports export to PDF only');
    await session.printPdfs([null], false, drawn);
    return { file: files[0]!, extension: '.pdf' };
  }
  if (request.format === 'PDF') {
    for (const run of runsSharingBookmark(request.pages)) await session.printPdfs(run, true, drawn);
    return { file: await joinPdfs(files), extension: '.pdf' };
  }
  for (const step of request.pages) {
    await session.show(step);
    drawn(await session.screenshot(step));
  }
  const pictures = request.pages.map((step, index) => ({
    title: session.pageInfo(step.pageName).displayName,
    png: files[index]!,
    ...pngSize(files[index]!),
  }));
  if (request.format === 'PPTX') return { file: await slides(pictures), extension: '.pptx' };
  if (pictures.length === 1) return { file: pictures[0]!.png, extension: '.png' };
  return { file: zipPngs(pictures), extension: '.zip' };
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
