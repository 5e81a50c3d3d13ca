/**
 * One export job's view of the report: a fresh browser context, a host page on the service's own
 * origin that embeds the frame with our SDK, as a portal does, and the frame's own drawing read
 * back: a screenshot of the page (or one visual) on screen, or the frame's print view as a PDF.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Frame, Page } from 'playwright-core';
import type { RenderPage, RenderRequest } from '../export-renderer.ts';
import { bootstrapServes, type HostContext } from './host-context.ts';
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
  ) {
    this.prepared = prepared;
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
  ): Promise<FrameSession> {
    const embedUrl = new URL(request.embedUrl);
    const frameUrl = `${serviceOrigin}${embedUrl.pathname}${embedUrl.search}`;
    const { host } = prepared;
    const paginated = !!request.paginated;
    const pages = await host.evaluate<ReportPageInfo[]>(
      `exportHost.embed(${JSON.stringify(embedConfig(request, frameUrl))}, ${paginated}, ${bootstrapServes(request)})`,
    );
    const frame = host.frames().find((candidate) => candidate !== host.mainFrame());
    if (!frame) throw new Error('The report frame did not load');
    const initialState = paginated ? '' : await host.evaluate<string>('exportHost.currentState()');
    const opened = new FrameSession(prepared, frame, pages, initialState);
    await opened.fitPages();
    return opened;
  }

  /** The host's container and viewport as large as the largest page, drawn at actual size. */
  private async fitPages(): Promise<void> {
    const width = Math.max(1280, ...this.pages.map((p) => p.size?.width ?? 0));
    const height = Math.max(720, ...this.pages.map((p) => p.size?.height ?? 0));
    if (width === 1280 && height === 720) return;
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
   * The frame's print view as PDFs, one per step: the frame lays every page out for paper once;
   * its document, with only each step's sheet (and visual) kept, is printed by Chromium, text as
   * text. The steps share one bookmark: the view is set by the first; a step whose page the print
   * view left out (a hidden page not on screen) is shown and printed on its own.
   */
  async printPdfs(
    steps: readonly (RenderPage | null)[],
    landscape: boolean,
    printed: (file: Buffer) => void,
  ): Promise<void> {
    if (steps[0]) await this.show(steps[0]);
    const snapshots = await this.printedDocuments(steps);
    for (const [index, step] of steps.entries()) {
      let snapshot = snapshots[index];
      if (snapshot === null && step) {
        await this.show(step);
        [snapshot] = await this.printedDocuments([step]);
      }
      if (!snapshot) throw new Error(`Page ${step?.pageName ?? ''} was not printed`);
      printed(await this.prepared.printHtml(snapshot, (paper) => paper.pdf(paperOf(landscape))));
    }
  }

  /** The frame's document while its print layout is up, once per step with its sheet alone. */
  private async printedDocuments(
    steps: readonly (RenderPage | null)[],
  ): Promise<(string | null)[]> {
    await this.frame.evaluate(holdNextPrint);
    await this.host.evaluate('exportHost.print()');
    // Polled from here: the frame's policy forbids the eval that waitForFunction(string) uses.
    while (!(await this.frame.evaluate<boolean>(printLaidOut))) await delay(50);
    try {
      await this.failOnVisualErrors('.print-view, .paginated');
      const documents: (string | null)[] = [];
      for (const step of steps) {
        const keep = { pageName: step?.pageName ?? null, visualName: step?.visualName ?? null };
        documents.push(await this.frame.evaluate<string | null>(call(printSnapshot, keep)));
      }
      return documents;
    } finally {
      await this.frame.evaluate(endPrint);
      await this.host.evaluate('exportHost.printed()');
    }
  }

  close(): Promise<void> {
    return this.prepared.context.close().catch(() => {});
  }
}
