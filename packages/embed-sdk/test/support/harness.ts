import type { Browser, Frame, Page } from 'playwright-core';
import { launchBrowser } from '@vitrina/e2e/browser';
import { officialSdkScript, recordingFrameScript } from './bundles.ts';
import { html, js, startOrigin, type Origin } from './origins.ts';
import type { FrameReply, RecordedRequest } from './recording-frame.ts';

export type { FrameReply, RecordedRequest };

const containers = ['c1', 'c2', 'c3', 'c4']
  .map((id) => `<div id="${id}" style="width:640px;height:400px"></div>`)
  .join('');

/** Embed pages the frame origin serves, all showing the same frame document. */
const framePaths = [
  '/reportEmbed',
  '/dashboardEmbed',
  '/embed',
  '/qnaEmbed',
  '/rdlEmbed',
  '/createEmbed',
  '/frame.html',
];

export type Sdk = 'ours' | 'official';

export interface Harness {
  browser: Browser;
  /** The host page's origin: host.html loads `sdkScript`, official.html loads powerbi-client 2.8.0. */
  host: Origin;
  /** The frames' origin, a second loopback port. */
  frames: Origin;
  newPage(sdk?: Sdk): Promise<Page>;
  close(): Promise<void>;
}

/**
 * One browser, a host origin serving `sdkScript`, and a frame origin serving `frameScript` (the
 * recording frame by default) at every embed path.
 */
export async function startHarness(sdkScript: string, frameScript?: string): Promise<Harness> {
  const frameJs = frameScript ?? (await recordingFrameScript());
  const host = await startOrigin({
    '/host.html': html(containers, '<script src="/sdk.js"></script>'),
    '/sdk.js': js(sdkScript),
    '/official.html': html(containers, '<script src="/official.js"></script>'),
    '/official.js': js(officialSdkScript()),
  });
  const frameDocument = html('<p>frame</p>', '<script src="/frame.js"></script>');
  const frames = await startOrigin({ '/frame.js': js(frameJs) });
  for (const path of framePaths) frames.routes[path] = frameDocument;
  const browser = await launchBrowser();
  return {
    browser,
    host,
    frames,
    async newPage(sdk: Sdk = 'ours') {
      const page = await browser.newPage();
      await page.goto(`${host.url}/${sdk === 'ours' ? 'host' : 'official'}.html`);
      return page;
    },
    async close() {
      await browser.close();
      await Promise.all([host.close(), frames.close()]);
    },
  };
}

/**
 * Serves `script` as a page of its own on the host origin (`/<name>.html`, `body` before the
 * deferred script) and opens it with `query`: pages that bring their own SDK build.
 */
export async function openScriptPage(
  harness: Harness,
  name: string,
  page: { body: string; script: string; query?: string },
): Promise<Page> {
  harness.host.routes[`/${name}.html`] = html(
    page.body,
    `<script src="/${name}.js" defer></script>`,
  );
  harness.host.routes[`/${name}.js`] = js(page.script);
  const opened = await harness.browser.newPage();
  await opened.goto(`${harness.host.url}/${name}.html${page.query ?? ''}`);
  return opened;
}

/** The playwright frame of the iframe inside the container, once its recording frame runs. */
export function frameOf(page: Page, containerId: string): Promise<Frame> {
  return frameRunning(page, containerId, 'testFrame');
}

/** The playwright frame of the iframe inside the container, once its script set `global`. */
export async function frameRunning(
  page: Page,
  containerId: string,
  global: string,
): Promise<Frame> {
  const handle = await page.waitForSelector(`#${containerId} iframe`, { state: 'attached' });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`no frame in #${containerId}`);
  await frame.waitForFunction((name) => name in window, global);
  return frame;
}

type TestWindow = Window & {
  testFrame: { received: RecordedRequest[]; replies: Record<string, FrameReply> };
};

/** Every request the frame received so far. */
export function receivedBy(frame: Frame): Promise<RecordedRequest[]> {
  return frame.evaluate(() => (window as unknown as TestWindow).testFrame.received);
}

/** Waits until the frame has received `count` requests of `method url`, and returns the last. */
export async function waitForRequest(
  frame: Frame,
  method: string,
  url: string,
  count = 1,
): Promise<RecordedRequest> {
  await frame.waitForFunction(
    ([m, u, n]) =>
      (window as unknown as TestWindow).testFrame.received.filter(
        (r) => r.method === m && r.url === u,
      ).length >= n,
    [method, url, count] as const,
  );
  const matching = (await receivedBy(frame)).filter((r) => r.method === method && r.url === url);
  return matching[matching.length - 1] as RecordedRequest;
}

/** Sets how the frame answers `method url`. */
export function setReply(
  frame: Frame,
  method: string,
  url: string,
  reply: FrameReply,
): Promise<void> {
  return frame.evaluate(
    ([key, value]) => {
      (window as unknown as TestWindow).testFrame.replies[key] = value;
    },
    [`${method} ${url}`, reply] as const,
  );
}

/** Makes the frame post a request (an event) to the host; resolves with the host's reply or 'no reply'. */
export function frameRequest(frame: Frame, url: string, body: unknown): Promise<unknown> {
  return frame.evaluate(
    ([u, b]) =>
      (
        window as unknown as { testFrame: { sendRequest(u: string, b: unknown): Promise<unknown> } }
      ).testFrame.sendRequest(u, b),
    [url, body] as const,
  );
}

export type Outcome = { resolved: unknown } | { rejected: unknown } | { threw: unknown };

/**
 * Evaluates `expression` in the host page (an expression that may return a promise) and reports
 * how it settled. Errors become `{ error: message }`; other values stay as they are.
 */
export function outcome(page: Page, expression: string): Promise<Outcome> {
  return page.evaluate(`(async () => {
    const describe = (e) => e instanceof Error ? { error: e.message } : e;
    let pending;
    try { pending = (${expression}); } catch (e) { return { threw: describe(e) }; }
    try { return { resolved: await pending }; } catch (e) { return { rejected: describe(e) }; }
  })()`);
}
