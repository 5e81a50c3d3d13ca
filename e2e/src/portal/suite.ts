/**
 * The portal as the set-up of a describe block: the whole product started as `npm start` runs it,
 * one browser and a desktop-sized page, signed in as the administrator unless told otherwise; the
 * browser is closed and the product stopped after the block's tests.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../browser.ts';
import { started } from '../hooks.ts';
import { startStack, type Stack } from '../stack.ts';
import { viewports } from './screens.ts';
import { login } from './session.ts';

export interface PortalSetUp {
  /** Environment for the product's processes (a short embed-token lifetime, say). */
  env?: NodeJS.ProcessEnv;
  /** Whether the page signs in as the administrator before the tests (it does unless told). */
  signedIn?: boolean;
}

/** Call inside a describe: the product, a browser and the administrator's page, for its tests. */
export function usePortal({ env = {}, signedIn = true }: PortalSetUp = {}) {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    stack = await startStack(env);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: viewports.desktop });
    if (signedIn) await login(page, stack.portalUrl, 'admin', stack.adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  return {
    stack: () => started(stack, 'The product'),
    browser: () => started(browser, 'The browser'),
    /** The administrator's page: signed in, unless `signedIn: false`. */
    page: () => started(page, 'The page'),
  };
}
