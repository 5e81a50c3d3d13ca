import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '@vitrina/e2e/browser';
import { bundle } from '../support/bundles.ts';
import { html, js, startOrigin, type Origin } from '../support/origins.ts';
import type { Peer, PeerOptions, Settled } from './browser/peer.ts';

export type Library = 'ours' | 'microsoft';

export interface TransportHarness {
  browser: Browser;
  /** Three loopback origins serving the same pages: a host, its frame, and a stranger. */
  origins: { host: Origin; frame: Origin; stranger: Origin };
  /** Opens `/<library>.html` on the host origin. */
  open(library: Library): Promise<Page>;
  close(): Promise<void>;
}

/** Each origin serves a page per library, whose script exposes `createPeer` and `library`. */
async function routes() {
  const scripts = {
    ours: await bundle(join(import.meta.dirname, 'browser/ours.ts')),
    microsoft: await bundle(join(import.meta.dirname, 'browser/microsoft.ts')),
  };
  return {
    '/ours.html': html('<p>ours</p>', '<script src="/ours.js"></script>'),
    '/ours.js': js(scripts.ours),
    '/microsoft.html': html('<p>microsoft</p>', '<script src="/microsoft.js"></script>'),
    '/microsoft.js': js(scripts.microsoft),
  };
}

async function startTransportHarness(): Promise<TransportHarness> {
  const pages = await routes();
  const [host, frame, stranger] = await Promise.all([
    startOrigin(pages),
    startOrigin(pages),
    startOrigin(pages),
  ]);
  const browser = await launchBrowser();
  return {
    browser,
    origins: { host, frame, stranger },
    async open(library) {
      const page = await browser.newPage();
      await page.goto(`${host.url}/${library}.html`);
      return page;
    },
    async close() {
      await browser.close();
      await Promise.all([host.close(), frame.close(), stranger.close()]);
    },
  };
}

/** The transport harness as the set-up of a describe block: started before its tests, closed after. */
export function useTransportHarness(): () => TransportHarness {
  let harness: TransportHarness | undefined;
  beforeAll(async () => {
    harness = await startTransportHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('The transport harness starts in beforeAll');
    return harness;
  };
}

type PeerWindow = Window & { peer: Peer; createPeer(options: PeerOptions): Peer };

/** Adds `<iframe id>` showing `url` to the page and returns its playwright frame once loaded. */
export async function addFrame(page: Page, id: string, url: string): Promise<Frame> {
  await page.evaluate(
    ([frameId, src]) =>
      new Promise<void>((resolve) => {
        const iframe = document.createElement('iframe');
        iframe.id = frameId;
        iframe.src = src;
        iframe.addEventListener('load', () => resolve(), { once: true });
        document.body.append(iframe);
      }),
    [id, url] as const,
  );
  const frame = await (await page.$(`#${id}`))?.contentFrame();
  if (!frame) throw new Error(`frame #${id} not found`);
  return frame;
}

/** Creates `window.peer` in a page or frame. */
export function createPeerIn(target: Page | Frame, options: PeerOptions): Promise<void> {
  return target.evaluate((peerOptions) => {
    const scope = window as unknown as PeerWindow;
    scope.peer = scope.createPeer(peerOptions);
  }, options);
}

/** Sends a request from the peer in `from` and waits for its outcome. */
export function send(
  from: Page | Frame,
  method: string,
  url: string,
  body: unknown = null,
  headers: Record<string, string> = {},
  target = 'parent',
): Promise<Settled> {
  return from.evaluate(
    ([m, u, b, h, t]) => (window as unknown as PeerWindow).peer.send(m, u, b, h, t).settled,
    [method, url, body, headers, target] as const,
  );
}

export function receivedBy(target: Page | Frame): Promise<Peer['received']> {
  return target.evaluate(() => (window as unknown as PeerWindow).peer.received);
}

export function rawMessagesOf(target: Page | Frame): Promise<unknown[]> {
  return target.evaluate(() => (window as unknown as PeerWindow).peer.raw);
}
