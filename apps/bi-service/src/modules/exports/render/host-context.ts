/**
 * A fresh browser context with the export's host page loaded on the service's own origin (the
 * frame's origin, so the frame may be framed and its print read), and a page to print on, with
 * the frame's stylesheets. Contexts are made ahead of the jobs, so that a job finds the browser
 * and the SDK ready.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hostPage } from './host-script.ts';

const HOST_PATH = '/__vitrina-export/host';
const PRINT_PATH = '/__vitrina-export/print';
/** The page bootstrapped ahead: an interactive report's, in the frame's default locale. */
const BOOTSTRAP_PATH = '/reportEmbed';
/** The bootstrapped page serves requests in its locale (es-ES, the frame's default) only. */
export const bootstrapServes = (request: { locale?: string; paginated?: unknown }) =>
  !request.paginated && (request.locale === undefined || request.locale === 'es-ES');
/** The document's stylesheet links, as HTML. */
const stylesheetLinks = `[...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.outerHTML).join('')`;
/** Device pixels per CSS pixel: pictures at twice the page's pixels (PDFs stay vector). */
const PICTURE_SCALE = 2;

export interface HostContext {
  context: BrowserContext;
  host: Page;
  /** Prints `html` (a snapshot of the frame) with `print`; its styles load from the service. */
  printHtml(html: string, print: (paper: Page) => Promise<Buffer>): Promise<Buffer>;
}

export async function openHostContext(
  browser: Browser,
  serviceOrigin: string,
  sdkBundle: string,
): Promise<HostContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    deviceScaleFactor: PICTURE_SCALE,
  });
  try {
    const html = hostPage(sdkBundle);
    let paperHead = '';
    await context.route(`${serviceOrigin}${HOST_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
    );
    await context.route(`${serviceOrigin}${PRINT_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: paperHead }),
    );
    // The page printed on is made first, so the host page opened after it is the one in front.
    const paper = await context.newPage();
    const host = await context.newPage();
    await host.goto(`${serviceOrigin}${HOST_PATH}`);
    await host.evaluate(`exportHost.bootstrap(${JSON.stringify(serviceOrigin + BOOTSTRAP_PATH)})`);
    // The paper stands on the frame's origin with the frame's stylesheets loaded, so that a copy
    // written into it later finds them there and is printed without fetching anything.
    const frame = host.frames().find((candidate) => candidate !== host.mainFrame());
    paperHead = `<!doctype html><html><head>${(await frame?.evaluate<string>(stylesheetLinks)) ?? ''}</head></html>`;
    await paper.goto(`${serviceOrigin}${PRINT_PATH}`);
    // Both pages are in: without routes, the frame's requests (its queries) go straight to the
    // service instead of each waiting on this process to let it through.
    await context.unrouteAll();
    return {
      context,
      host,
      async printHtml(snapshot, print) {
        await paper.setContent(snapshot);
        return print(paper);
      },
    };
  } catch (error) {
    await context.close().catch(() => {});
    throw error;
  }
}
