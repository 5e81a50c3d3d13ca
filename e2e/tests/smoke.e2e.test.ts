import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, launchBrowser, warnBrowserSkipped } from '../src/browser.ts';
import { startStack, type Stack } from '../src/stack.ts';

const screenshots = resolve(import.meta.dirname, '../screenshots');

if (!chromiumAvailable) warnBrowserSkipped();

/** The product starts as `npm start` runs it, and its start page shows the login card. */
describe.skipIf(!chromiumAvailable)('smoke: the product starts and shows its start page', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('both health endpoints answer', async () => {
    const [portal, bi] = await Promise.all([
      fetch(`${stack.portalUrl}/api/health`),
      fetch(`${stack.biUrl}/health`),
    ]);
    expect(portal.status).toBe(200);
    expect(bi.status).toBe(200);
  });

  test('the start page shows the login card', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const response = await page.goto(stack.portalUrl);
    expect(response?.status()).toBe(200);
    await page.getByText('Credenciales').waitFor();
    await expect(page.getByPlaceholder('Usuario').isVisible()).resolves.toBe(true);
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, 'smoke-start-page.png') });
    await page.close();
  });
});
