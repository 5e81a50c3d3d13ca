/**
 * One export job's view of the report: a fresh browser context, a host page on the service's own
 * origin that embeds the frame with our SDK, as a portal does, and the frame's own drawing read
 * back: a screenshot of the page (or one visual) on screen, or the frame's print view as a PDF.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import type { RenderPage, RenderRequest } from '../export-renderer.ts';
import { hostPage } from './host-script.ts';
import {
  call,
  endPrint,
  holdNextPrint,
  printLaidOut,
  printSnapshot,
  visualErrors,
} from './frame-dom.ts';

export interface ReportPageInfo {
  name: string;
  displayName: string;
  size?: { width: number; height: number };
}

export interface SessionOptions {
  /** The BI service's own origin: the frame is loaded from there, whatever its public URL. */
  serviceOrigin: string;
  sdkBundle: string;
  /** Device pixels per CSS pixel of screenshots. */
  scale: number;
}

const HOST_PATH = '/__vitrina-export/host';
const PRINT_PATH = '/__vitrina-export/print';
const TOKEN_TYPE_EMBED = 1;
const ACTUAL_SIZE = 2;
const PAPER_MARGIN = '8mm';

/** The load config a portal would pass: filters, bookmark, page, locale, no panes. */
function embedConfig(request: RenderRequest, frameUrl: string): Record<string, unknown> {
  const locale = request.locale;
  const bookmark = request.defaultBookmark?.state
    ? { state: request.defaultBookmark.state }
    : request.defaultBookmark?.name
      ? { name: request.defaultBookmark.name }
      : undefined;
  return {
    type: 'report',
    id: request.reportId,
    groupId: request.groupId,
    embedUrl: frameUrl,
    accessToken: request.accessToken,
    tokenType: TOKEN_TYPE_EMBED,
    ...(request.filters.length > 0 ? { filters: request.filters } : {}),
    ...(bookmark ? { bookmark } : {}),
    ...(request.pages[0] && !bookmark ? { pageName: request.pages[0].pageName } : {}),
    ...(request.paginated ? { parameterValues: request.paginated.parameterValues } : {}),
    settings: {
      filterPaneEnabled: false,
      navContentPaneEnabled: false,
      customLayout: { displayOption: ACTUAL_SIZE },
      ...(locale ? { localeSettings: { language: locale.split('-')[0], formatLocale: locale } } : {}),
    },
  };
}

export class FrameSession {
  readonly pages: ReportPageInfo[];
  private readonly context: BrowserContext;
  private readonly host: Page;
  private readonly frame: Frame;
  /** The view right after loading (default bookmark applied): pages without a bookmark get it. */
  private readonly initialState: string;
  private snapshot = '';

  private constructor(
    parts: { context: BrowserContext; host: Page; frame: Frame },
    pages: ReportPageInfo[],
    initialState: string,
  ) {
    this.context = parts.context;
    this.host = parts.host;
    this.frame = parts.frame;
    this.pages = pages;
    this.initialState = initialState;
  }

  static async open(
    browser: Browser,
    request: RenderRequest,
    options: SessionOptions,
  ): Promise<FrameSession> {
    const embedUrl = new URL(request.embedUrl);
    const frameUrl = `${options.serviceOrigin}${embedUrl.pathname}${embedUrl.search}`;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      deviceScaleFactor: options.scale,
    });
    try {
      const session = { context, html: hostPage(options.sdkBundle) };
      await context.route(`${options.serviceOrigin}${HOST_PATH}`, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: session.html }),
      );
      const host = await context.newPage();
      await host.goto(`${options.serviceOrigin}${HOST_PATH}`);
      const paginated = !!request.paginated;
      const pages = await host.evaluate<ReportPageInfo[]>(
        `exportHost.embed(${JSON.stringify(embedConfig(request, frameUrl))}, ${paginated})`,
      );
      const frame = host.frames().find((candidate) => candidate !== host.mainFrame());
      if (!frame) throw new Error('The report frame did not load');
      const initialState = paginated
        ? ''
        : await host.evaluate<string>('exportHost.currentState()');
      const opened = new FrameSession({ context, host, frame }, pages, initialState);
      await context.route(`${options.serviceOrigin}${PRINT_PATH}`, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: opened.snapshot }),
      );
      await opened.fitPages();
      return opened;
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
  }

  /** The host's container and viewport as large as the largest page, drawn at actual size. */
  private async fitPages(): Promise<void> {
    const width = Math.max(1280, ...this.pages.map((p) => p.size?.width ?? 0));
    const height = Math.max(720, ...this.pages.map((p) => p.size?.height ?? 0));
    await this.host.setViewportSize({ width, height });
    await this.host.evaluate(
      `Object.assign(document.getElementById('embed').style, { width: '${width}px', height: '${height}px' })`,
    );
  }

  pageInfo(name: string): ReportPageInfo {
    return this.pages.find((p) => p.name === name) ?? { name, displayName: name };
  }

  /** Applies the step's bookmark (or the initial view) and page, waits for 'rendered', checks visuals. */
  async show(step: RenderPage): Promise<void> {
    const bookmark = step.bookmarkState
      ? { bookmarkState: step.bookmarkState }
      : step.bookmarkName
        ? { bookmarkName: step.bookmarkName }
        : { bookmarkState: this.initialState };
    await this.host.evaluate(
      `exportHost.show(${JSON.stringify({ pageName: step.pageName, ...bookmark })})`,
    );
    await this.failOnVisualErrors('.report-main');
  }

  private async failOnVisualErrors(scope: string): Promise<void> {
    const errors = await this.frame.evaluate<string[]>(call(visualErrors, scope));
    if (errors.length > 0) throw new Error(errors.join('; '));
  }

  /** The page on screen, or one visual of it, as a PNG. */
  async screenshot(step: RenderPage): Promise<Buffer> {
    const target = step.visualName
      ? `.report-main [data-visual-name=${JSON.stringify(step.visualName)}]`
      : '.report-main .page-canvas';
    return this.frame.locator(target).first().screenshot({ animations: 'disabled' });
  }

  /**
   * The frame's print view as a PDF: the frame lays every page out for paper; its document, with
   * only the wanted page (and visual) kept, is printed by Chromium, text as text.
   */
  async printPdf(step: RenderPage | null, landscape: boolean): Promise<Buffer> {
    await this.frame.evaluate(holdNextPrint);
    await this.host.evaluate('exportHost.print()');
    // Polled from here: the frame's policy forbids the eval that waitForFunction(string) uses.
    while (!(await this.frame.evaluate<boolean>(printLaidOut))) await delay(50);
    try {
      await this.failOnVisualErrors('.print-view, .paginated');
      this.snapshot = await this.frame.evaluate<string>(
        call(printSnapshot, {
          pageName: step?.pageName ?? null,
          visualName: step?.visualName ?? null,
        }),
      );
    } finally {
      await this.frame.evaluate(endPrint);
      await this.host.evaluate('exportHost.printed()');
    }
    const paper = await this.context.newPage();
    try {
      await paper.goto(new URL(PRINT_PATH, this.host.url()).href);
      return await paper.pdf({
        format: 'A4',
        landscape,
        printBackground: true,
        margin: { top: PAPER_MARGIN, bottom: PAPER_MARGIN, left: PAPER_MARGIN, right: PAPER_MARGIN },
      });
    } finally {
      await paper.close();
    }
  }

  close(): Promise<void> {
    return this.context.close().catch(() => {});
  }
}
