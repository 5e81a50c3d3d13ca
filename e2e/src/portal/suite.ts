/**
 * The portal as the set-up of a describe block: the whole product as `npm start` runs it, one
 * browser and a desktop-sized page, signed in as the administrator unless told otherwise; the
 * browser is closed after the block's tests.
 *
 * Files whose writes no other file of their group can see share their group's product and
 * chromium (global-setup.ts, `useSharedPortal`; the block's browser is then a connection, whose
 * pages are browser contexts of their own). Files that stop the BI service or read its log start a
 * product of their own (`usePortal`), which the block stops after its tests.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectBrowser, launchBrowser } from '../browser.ts';
import { started } from '../hooks.ts';
import { startStack, type Stack, type StackAddress } from '../stack.ts';
import { viewports } from './screens.ts';
import { login } from './session.ts';

export interface PortalSetUp {
  /** Environment for the product's processes (a short embed-token lifetime, say). */
  env?: Record<string, string>;
  /** Whether the page signs in as the administrator before the tests (it does unless told). */
  signedIn?: boolean;
}

/** A product made for the block, and what to do with it once the block is over. */
interface Product<S extends StackAddress> {
  stack: S;
  release(): Promise<void>;
}

function useProduct<S extends StackAddress>(
  make: () => Promise<Product<S>>,
  openBrowser: () => Promise<Browser>,
  signedIn: boolean,
) {
  let product: Product<S> | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    [product, browser] = await Promise.all([make(), openBrowser()]);
    page = await browser.newPage({ viewport: viewports.desktop });
    if (signedIn) await login(page, product.stack.portalUrl, 'admin', product.stack.adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.release();
  });
  return {
    stack: () => started(product, 'The product').stack,
    browser: () => started(browser, 'The browser'),
    /** The administrator's page: signed in, unless `signedIn: false`. */
    page: () => started(page, 'The page'),
  };
}

/** Call inside a describe: a product of its own, a browser and the administrator's page. */
export function usePortal({ env = {}, signedIn = true }: PortalSetUp = {}) {
  return useProduct(
    async () => {
      const stack: Stack = await startStack(env);
      return { stack, release: stack.stop };
    },
    () => launchBrowser(),
    signedIn,
  );
}

/**
 * Call inside a describe of a file in a portal group project: the group's product (started with
 * `env`, which the group's `portalGroupEnv` must equal), a browser and the administrator's page.
 */
export function useSharedPortal({ env = {}, signedIn = true }: PortalSetUp = {}) {
  return useProduct(
    async () => {
      const stack = inject('sharedPortal');
      if (!stack)
        throw new Error(
          "No shared portal: run this file in its 'e2e:e2e-portal*' project (vitest.config.ts), whose global set-up starts it",
        );
      const groupEnv = inject('portalGroupEnv') ?? {};
      if (!isDeepStrictEqual(groupEnv, env))
        throw new Error(
          `This file wants the product started with ${JSON.stringify(env)}, its group's runs with ${JSON.stringify(groupEnv)}: move it to a group with that environment`,
        );
      return { stack, release: async () => {} };
    },
    // The group's browser server (global-setup.ts): `close()` closes this file's contexts only.
    () => connectBrowser(inject('sharedPortalBrowser')!),
    signedIn,
  );
}
