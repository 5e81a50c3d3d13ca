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
/** Screenshots at twice the page's pixels: sharp on slides and high-density screens. */
const PICTURE_SCALE = 2;

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export class ChromiumExportRenderer implements ExportRenderer {
  private readonly chromium: SharedChromium;
  private readonly serviceOrigin: string;
  private readonly sdkBundlePath: string;
  private sdkBundle: string | null = null;

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
    let session: FrameSession | null = null;
    const onAbort = () => void session?.close();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      session = await FrameSession.open(browser, request, {
        serviceOrigin: this.serviceOrigin,
        sdkBundle: this.sdkBundle,
        scale: request.format === 'PDF' ? 1 : PICTURE_SCALE,
      });
      signal.throwIfAborted();
      return await draw(session, request, onProgress, signal);
    } catch (error) {
      throw failureOf(error, browser, signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
      await session?.close();
      this.chromium.release(browser);
    }
  }

  close(): Promise<void> {
    return this.chromium.close();
  }
}

/** Each step shown then drawn, in order, with progress after each. */
async function draw(
  session: FrameSession,
  request: RenderRequest,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<RenderResult> {
  if (request.paginated) {
    if (request.format !== 'PDF') throw new Error('Paginated reports export to PDF only');
    const file = await session.printPdf(null, false);
    onProgress(1, 1);
    return { file, extension: '.pdf' };
  }
  const total = request.pages.length;
  const drawn: { step: RenderPage; file: Buffer }[] = [];
  for (const step of request.pages) {
    await session.show(step);
    const file =
      request.format === 'PDF' ? await session.printPdf(step, true) : await session.screenshot(step);
    drawn.push({ step, file });
    signal.throwIfAborted();
    onProgress(drawn.length, total);
  }
  if (request.format === 'PDF') return { file: await joinPdfs(drawn.map((d) => d.file)), extension: '.pdf' };
  const pictures = drawn.map(({ step, file }) => ({
    title: session.pageInfo(step.pageName).displayName,
    png: file,
    ...pngSize(file),
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
