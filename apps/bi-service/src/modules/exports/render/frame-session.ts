/**
 * One export job's view of the report: a fresh browser context, a host page on the service's own
 * origin that embeds the frame with our SDK, as a portal does, and the frame's own drawing read
 * back: a screenshot of the page (or one visual) on screen, or the frame's print view as a PDF.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Frame, Page } from 'playwright-core';
import type { RenderPage, RenderRequest } from '../export-renderer.ts';
import { bootstrapServes, type HostContext } from './host-context.ts';
import { noLap, type Lap } from './step-times.ts';
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

const TOKEN_TYPE_EMBED = 1;
const ACTUAL_SIZE = 2;
const PAPER_MARGIN = '8mm';
/** How often the print layout is looked for: it takes a few hundred ms, each look costs ~1 ms. */
const LAYOUT_POLL_MS = 20;

/** A4 with a small white margin; landscape for report pages, portrait for paginated ones. */
const paperOf = (landscape: boolean) => ({
  format: 'A4',
  landscape,
  printBackground: true,
  margin: { top: PAPER_MARGIN, bottom: PAPER_MARGIN, left: PAPER_MARGIN, right: PAPER_MARGIN },
});

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
      ...(locale
        ? { localeSettings: { language: locale.split('-')[0], formatLocale: locale } }
        : {}),
    },
  };
}

export class FrameSession {
  readonly pages: ReportPageInfo[];
  private readonly prepared: HostContext;
  private readonly host: Page;
  private readonly frame: Frame;
  private readonly lap: Lap;
  /**
   * The view right after loading (load filters, default bookmark) as a captured bookmark state:
   * the pages of a job that name no bookmark of their own are drawn in it.
   */
  readonly initialState: string;

  private constructor(
    prepared: HostContext,
    frame: Frame,
    pages: ReportPageInfo[],
    initialState: string,
    lap: Lap,
  ) {
    this.prepared = prepared;
    this.lap = lap;
    this.host = prepared.host;
    this.frame = frame;
    this.pages = pages;
    this.initialState = initialState;
  }

  /** Embeds the request's report in `prepared` and waits for its first 'rendered'. */
  static async open(
    prepared: HostContext,
    request: RenderRequest,
    serviceOrigin: string,
    lap: Lap = noLap,
  ): Promise<FrameSession> {
    const embedUrl = new URL(request.embedUrl);
    const frameUrl = `${serviceOrigin}${embedUrl.pathname}${embedUrl.search}`;
    const { host } = prepared;
    const paginated = !!request.paginated;
    const pages = await host.evaluate<ReportPageInfo[]>(
      `exportHost.embed(${JSON.stringify(embedConfig(request, frameUrl))}, ${paginated}, ${bootstrapServes(request)})`,
    );
    lap('embed to rendered');
    const frame = host.frames().find((candidate) => candidate !== host.mainFrame());
    if (!frame) throw new Error('The report frame did not load');
    const initialState = paginated ? '' : await host.evaluate<string>('exportHost.currentState()');
    const opened = new FrameSession(prepared, frame, pages, initialState, lap);
    await opened.fitPages();
    lap('capture view');
    return opened;
  }

  /**
   * The host's container and viewport as large as the largest page, drawn at actual size (back to
   * the default size in a context an earlier job enlarged).
   */
  private async fitPages(): Promise<void> {
    const width = Math.max(1280, ...this.pages.map((p) => p.size?.width ?? 0));
    const height = Math.max(720, ...this.pages.map((p) => p.size?.height ?? 0));
    const current = this.host.viewportSize();
    if (current?.width === width && current.height === height) return;
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
    this.lap('show page');
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
    const picture = await this.frame.locator(target).first().screenshot({ animations: 'disabled' });
    this.lap('screenshot');
    return picture;
  }

  /**
   * The frame's print view as one PDF of the steps' sheets, in order: the frame lays out those
   * pages for paper; its document, with only their sheets (and visuals) kept, is printed by
   * Chromium in one go, text as text. The steps share one bookmark, set by the first. A null step
   * (a paginated report) prints the whole print view.
   */
  async printPdf(steps: readonly (RenderPage | null)[], landscape: boolean): Promise<Buffer> {
    if (steps[0]) await this.show(steps[0]);
    const snapshot = await this.printedDocument(steps);
    const file = await this.prepared.printHtml(snapshot, async (paper) => {
      this.lap('load copy');
      return paper.pdf(paperOf(landscape));
    });
    this.lap('pdf');
    return file;
  }

  /** The frame's document while its print layout of the steps' pages is up, as one copy. */
  private async printedDocument(steps: readonly (RenderPage | null)[]): Promise<string> {
    const keep = steps.every((step) => step !== null)
      ? steps.map((step) => ({ pageName: step.pageName, visualName: step.visualName ?? null }))
      : null;
    const pageNames = keep && [...new Set(keep.map((step) => step.pageName))];
    await this.frame.evaluate(call(holdNextPrint, pageNames));
    await this.host.evaluate('exportHost.print()');
    // Polled from here: the frame's policy forbids the eval that waitForFunction(string) uses.
    while (!(await this.frame.evaluate<boolean>(printLaidOut))) await delay(LAYOUT_POLL_MS);
    this.lap('print layout');
    try {
      await this.failOnVisualErrors('.print-view, .paginated');
      const copy = await this.frame.evaluate<{ html: string } | { missing: string }>(
        call(printSnapshot, keep),
      );
      if ('missing' in copy) throw new Error(`Page ${copy.missing} was not printed`);
      this.lap('copy document');
      return copy.html;
    } finally {
      await this.frame.evaluate(endPrint);
      await this.host.evaluate('exportHost.printed()');
    }
  }

  close(): Promise<void> {
    return this.prepared.context.close().catch(() => {});
  }
}
