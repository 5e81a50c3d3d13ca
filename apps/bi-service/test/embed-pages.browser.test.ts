import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { chromiumAvailable, launchBrowser, warnBrowserSkipped } from '@vitrina/e2e/browser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './harness.ts';

const frameBuilt = existsSync(resolve(import.meta.dirname, '../../report-frame/dist/index.html'));
if (!chromiumAvailable) warnBrowserSkipped();
if (!frameBuilt)
  console.warn(
    '\n!!! EMBED PAGE BROWSER TESTS SKIPPED: the report frame is not built (npm run build) !!!\n',
  );

interface Host {
  url: string;
  server: Server;
  /** What the host page frames. */
  frameUrl: string;
}

/** A portal stand-in on its own origin: one page that frames `host.frameUrl`. */
async function startHost(): Promise<Host> {
  const host: Host = { url: '', server: createServer(), frameUrl: 'about:blank' };
  host.server.on('request', (_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><html><body><iframe src="${host.frameUrl}" width="800" height="600"></iframe></body></html>`,
    );
  });
  await new Promise<void>((done) => host.server.listen(0, '127.0.0.1', done));
  host.url = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}/`;
  return host;
}

describe.skipIf(!chromiumAvailable || !frameBuilt)(
  'embed pages in chromium',
  { timeout: 30_000 },
  () => {
    let browser: Browser;
    let service: TestService;
    let allowedHost: Host;
    let otherHost: Host;

    beforeAll(async () => {
      browser = await launchBrowser();
      [allowedHost, otherHost] = [await startHost(), await startHost()];
      // Hosts are on 127.0.0.1 and the BI service on localhost: two origins, as portal and Power BI.
      service = await startTestService({ BI_ALLOWED_ORIGINS: new URL(allowedHost.url).origin });
      const frameUrl = `http://localhost:${service.running.port}/reportEmbed?reportId=x&uid=test`;
      allowedHost.frameUrl = frameUrl;
      otherHost.frameUrl = frameUrl;
    });

    afterAll(async () => {
      await browser?.close();
      allowedHost?.server.close();
      otherHost?.server.close();
      await service?.close();
    });

    async function openHost(url: string) {
      const page = await browser.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      page.on('pageerror', (error) => messages.push(error.message));
      await page.goto(url);
      return { page, messages };
    }

    it('loads the frame and its assets under its Content-Security-Policy when an allowed origin frames it', async () => {
      const { page, messages } = await openHost(allowedHost.url);
      const frame = page.frames().find((candidate) => candidate.url().includes('/reportEmbed'));
      expect(frame).toBeDefined();
      await frame!.waitForLoadState('load');
      // Resources refused by the policy leave no resource-timing entry.
      const loaded = await frame!.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => entry.name),
      );
      expect(loaded.some((name) => /\/frame-assets\/assets\/index-[\w-]+\.js$/.test(name))).toBe(
        true,
      );
      expect(loaded.some((name) => /\/frame-assets\/assets\/index-[\w-]+\.css$/.test(name))).toBe(
        true,
      );
      expect(messages.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
      await page.close();
    });

    it('is refused by the browser when another origin frames it', async () => {
      const { page, messages } = await openHost(otherHost.url);
      await expect
        .poll(() => messages.some((text) => text.includes('frame-ancestors')), { timeout: 15_000 })
        .toBe(true);
      expect(await page.frameLocator('iframe').locator('#root').count()).toBe(0);
      await page.close();
    });
  },
);
