/**
 * Vitest's global set-up for a group of portal files (the `e2e:e2e-portal*` projects,
 * vitest.config.ts): one product for every file of the group, started with the group's
 * environment (`portalGroupEnv`), and one chromium (a browser server), whose addresses the files
 * read with `inject` (suite.ts, `useSharedPortal`).
 */
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../browser.ts';
import { addressOf, startStack, type StackAddress } from '../stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Environment the group's product runs with, set in the project's `provide`. */
    portalGroupEnv?: Record<string, string>;
    /** The product the group shares; absent when the file runs outside a portal group project. */
    sharedPortal?: StackAddress;
    /** The browser server the group's files connect to; absent likewise. */
    sharedPortalBrowser?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Launching chromium was a few seconds of each file's set-up; the files now connect to this
  // one, each through browser contexts of its own (decision 0317).
  const [stack, browser] = await Promise.all([
    startStack(project.getProvidedContext().portalGroupEnv ?? {}),
    launchBrowserServer(),
  ]);
  project.provide('sharedPortal', addressOf(stack));
  project.provide('sharedPortalBrowser', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await stack.stop();
  };
}
