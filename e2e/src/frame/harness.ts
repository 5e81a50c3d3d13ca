/**
 * One browser, the BI service and a host origin on separate loopback ports, and helpers to embed
 * demo content with either SDK and to read what the host and the frame see.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { connectBrowser, launchBrowser } from '../browser.ts';
import { PowerBiRest, type BiEndpoints, type BiService } from './bi-service.ts';
import {
  embedsOnlyPowerBiHosts,
  flavourOf,
  hostPagesAt,
  type HostPages,
  type SdkFlavour,
} from './host-server.ts';
import { onPowerBiHost, powerBiHostFlags } from './power-bi-host.ts';
import { startFrameServices } from './services.ts';

const screenshotDir = resolve(import.meta.dirname, '../../screenshots');

/** The servers, one browser that reaches the BI service as a Power BI host, and a REST client. */
export interface FrameHarness<Bi extends BiEndpoints = BiEndpoints> {
  bi: Bi;
  host: HostPages;
  rest: PowerBiRest;
  browser: Browser;
  /** Closes the browser, and stops the servers when this harness started them. */
  stop(): Promise<void>;
}

/**
 * A browser and a signed-in REST client for servers already running; `stop` closes the browser,
 * then runs `stopServers`. The browser is launched for the harness, or, given `browserEndpoint`,
 * a connection to a browser server already launched with the same flags (global-setup.ts).
 */
export async function connectFrameHarness<Bi extends BiEndpoints>(
  servers: { bi: Bi; host: { origin: string } },
  stopServers: () => Promise<void> = async () => {},
  browserEndpoint?: string,
): Promise<FrameHarness<Bi>> {
  const browser = browserEndpoint
    ? await connectBrowser(browserEndpoint)
    : // The browser needs the BI service's certificate, made on its first start.
      await launchBrowser(powerBiHostFlags(servers.bi.tlsPort, servers.bi.certFile));
  const rest = new PowerBiRest(servers.bi.url);
  await rest.signIn();
  mkdirSync(screenshotDir, { recursive: true });
  return {
    bi: servers.bi,
    host: hostPagesAt(servers.host.origin),
    rest,
    browser,
    async stop() {
      await browser.close();
      await stopServers();
    },
  };
}

/** A harness with servers of its own, which it may restart, and stops with itself. */
export async function startFrameHarness(): Promise<FrameHarness<BiService>> {
  const services = await startFrameServices();
  return connectFrameHarness(services, services.stop);
}

export interface ReportTarget {
  id: string;
  embedUrl: string;
  accessToken: string;
  groupId: string;
}

/** A demo report by workspace and name, with a fresh embed token for it (View unless told). */
export async function demoReport(
  harness: FrameHarness,
  workspace: string,
  name: string,
  accessLevel: 'View' | 'Edit' = 'View',
): Promise<ReportTarget> {
  const groupId = await harness.rest.groupId(workspace);
  const report = await harness.rest.report(groupId, name);
  const path = `/groups/${groupId}/reports/${report.id}`;
  const accessToken = await harness.rest.embedToken(path, accessLevel);
  return { id: report.id, embedUrl: report.embedUrl, accessToken, groupId };
}

/**
 * A create embed (Power BI's Create) on the dataset of a demo report: the config
 * `powerbi.createReport` takes, with a Create token for that dataset.
 */
export async function demoCreateConfig(harness: FrameHarness, groupId: string, reportName: string) {
  const datasetId = (await harness.rest.report(groupId, reportName)).datasetId!;
  const dataset = (await harness.rest.datasets(groupId)).find((d) => d.id === datasetId)!;
  return {
    type: 'create',
    embedUrl: dataset.createReportEmbedURL,
    accessToken: await harness.rest.createReportToken(groupId, datasetId),
    tokenType: 1,
    datasetId,
  };
}

/**
 * A host page with a create embed (`powerbi.createReport`) on the dataset of Comercial's
 * "Ventas generales", waited for until the frame's editor is up.
 */
export async function openNewReportEditor(harness: FrameHarness, flavour: SdkFlavour) {
  const groupId = await harness.rest.groupId('Comercial');
  const page = await openHost(harness, flavour);
  await embed(page, await demoCreateConfig(harness, groupId, 'Ventas generales'), 'createReport');
  const frame = frameOf(page);
  await frame.locator('.authoring[data-mode="edit"]').waitFor();
  return { page, frame, groupId };
}

/** A host page on `flavour`; with `authoring`, powerbi-report-authoring loaded on it too. */
export async function openHost(
  harness: FrameHarness,
  flavour: SdkFlavour,
  size?: { width: number; height: number },
  options?: { authoring?: boolean },
): Promise<Page> {
  const page = await harness.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(harness.host.pageUrl(flavour, size, options));
  return page;
}

/**
 * Calls `powerbi.embed` (or `powerbi.load` for a phased load, `powerbi.createReport` for a create
 * embed) on the host page's container. For an SDK that embeds only Power BI hosts, the embed URL
 * moves to the Power BI host name that the harness's browser resolves to the BI service.
 */
export async function embed(
  page: Page,
  givenConfig: Record<string, unknown>,
  method: 'embed' | 'load' | 'createReport' = 'embed',
) {
  const flavour = flavourOf(new URL(page.url()).searchParams.get('sdk'));
  const config =
    embedsOnlyPowerBiHosts(flavour) && typeof givenConfig['embedUrl'] === 'string'
      ? { ...givenConfig, embedUrl: onPowerBiHost(givenConfig['embedUrl']) }
      : givenConfig;
  await page.evaluate(
    ({ config, method }) => {
      const host = window as unknown as {
        powerbi: Record<string, (el: Element, c: unknown) => unknown>;
        embedded: unknown;
      };
      (window as unknown as { embedStartedAt: number }).embedStartedAt = performance.now();
      host.embedded = host.powerbi[method]!(document.getElementById('embed')!, config);
    },
    { config, method },
  );
}

export interface HostEvent {
  name: string;
  /** performance.now() in the host page when the event arrived. */
  at: number;
  detail: unknown;
}

export async function events(page: Page, name?: string): Promise<HostEvent[]> {
  const all = await page.evaluate(() => (window as unknown as { events: HostEvent[] }).events);
  return name ? all.filter((e) => e.name === name) : all;
}

/**
 * Waits until the host has received `count` events called `name`. The host page answers when the
 * event arrives, rather than Playwright polling on every animation frame: the frame shares the
 * host's renderer (same site), and that polling made the browser run a frame of rendering work
 * each time, slowing the very load a benchmark measures. On timeout the error lists the events
 * that did arrive (an `error` event usually says why).
 */
export async function waitForEvent(page: Page, name: string, count = 1): Promise<HostEvent> {
  try {
    await page.evaluate(
      ({ name, count, timeout }) =>
        new Promise<void>((resolve, reject) => {
          const host = window as unknown as { events: { name: string }[] };
          const container = document.getElementById('embed')!;
          const arrived = () => host.events.filter((e) => e.name === name).length >= count;
          if (arrived()) return resolve();
          // The host's own listener, added when the page loaded, records the event before this runs.
          const check = () => {
            if (!arrived()) return;
            clearTimeout(timer);
            container.removeEventListener(name, check);
            resolve();
          };
          const timer = setTimeout(() => {
            container.removeEventListener(name, check);
            reject(new Error(`timed out after ${timeout} ms`));
          }, timeout);
          container.addEventListener(name, check);
        }),
      { name, count, timeout: 60_000 },
    );
  } catch (error) {
    const seen = (await events(page)).map((e) =>
      `${e.name} ${JSON.stringify(e.detail)}`.slice(0, 300),
    );
    throw new Error(`No ${count}× ${name} event; the host got: ${seen.join(' | ') || 'nothing'}`, {
      cause: error,
    });
  }
  return (await events(page, name))[count - 1]!;
}

/** Runs `script` against the embedded component (`window.embedded`) and returns its result. */
export async function call<T>(page: Page, script: string): Promise<T> {
  return page.evaluate(`(async (embedded) => { ${script} })(window.embedded)`) as Promise<T>;
}

/** Like `call`, but resolves with the rejection value when the SDK call rejects. */
export async function callRejection<T>(page: Page, script: string): Promise<T> {
  return page.evaluate(
    `(async (embedded) => { try { await (async () => { ${script} })(); return 'resolved'; } catch (e) { return e; } })(window.embedded)`,
  ) as Promise<T>;
}

export function frameOf(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('The host page has no embedded frame');
  return frame;
}

/** The URLs the embedded frame requests from now on (the host page's own requests left out). */
export function frameRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.frame() !== page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(screenshotDir, `${name}.png`);
  await page.locator('#embed').screenshot({ path });
  return path;
}

export function reportConfig(
  target: ReportTarget,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: 'report',
    id: target.id,
    embedUrl: target.embedUrl,
    accessToken: target.accessToken,
    tokenType: 1,
    uniqueId: undefined,
    ...extra,
  };
}

/** A host page of `flavour` with `target` embedded (its config plus `extra`) and rendered. */
export async function openRenderedReport(
  harness: FrameHarness,
  flavour: SdkFlavour,
  target: ReportTarget,
  extra: Record<string, unknown> = {},
): Promise<Page> {
  const page = await openHost(harness, flavour);
  await embed(page, reportConfig(target, extra));
  await waitForEvent(page, 'rendered');
  return page;
}

/**
 * `openRenderedReport` without extra config, watched from the start: checks that the host heard
 * `loaded` before `rendered`, and gives the URLs the frame requested on the way.
 */
export async function openReportLoadedThenRendered(
  harness: FrameHarness,
  flavour: SdkFlavour,
  target: ReportTarget,
): Promise<{ page: Page; requests: string[] }> {
  const page = await openHost(harness, flavour);
  const requests = frameRequests(page);
  await embed(page, reportConfig(target));
  await waitForEvent(page, 'rendered');
  const names = (await events(page)).map((e) => e.name);
  expect(names.indexOf('loaded')).toBeGreaterThanOrEqual(0);
  expect(names.indexOf('loaded')).toBeLessThan(names.indexOf('rendered'));
  return { page, requests };
}

/** Runs `action` and waits for the `rendered` event that follows it. */
export async function rerender(page: Page, action: () => Promise<unknown>): Promise<void> {
  const before = (await events(page, 'rendered')).length;
  await action();
  await waitForEvent(page, 'rendered', before + 1);
}

/** The text of a card visual in the frame. */
export async function cardText(page: Page, visualName: string): Promise<string> {
  return (
    (await frameOf(page)
      .locator(`[data-visual-name="${visualName}"] [data-testid="card-value"]`)
      .textContent()) ?? ''
  );
}

/** A basic `In` filter on one column, as the SDK's BasicFilter class would write it. */
export function basicFilter(table: string, column: string, values: (string | number)[]) {
  return {
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table, column },
    filterType: 1,
    operator: 'In',
    values,
  };
}
