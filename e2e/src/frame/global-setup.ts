/**
 * Vitest's global set-up for the frame files (the `e2e:e2e-frame` project): one BI service, one
 * host origin and one chromium (a browser server) for every file of the run, whose endpoints the
 * files read with `inject` (suite.ts, `useSharedFrameHarness`). Files that save reports start
 * servers of their own.
 */
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../browser.ts';
import { powerBiHostFlags } from './power-bi-host.ts';
import { endpointsOf, startFrameServices, type FrameEndpoints } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The frame servers this run shares; absent when the file runs outside that project. */
    sharedFrameServers?: FrameEndpoints;
    /** The browser server that reaches those servers as a Power BI host; absent likewise. */
    sharedFrameBrowser?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await startFrameServices();
  // Launching chromium was a few seconds of each read-only block's set-up; the blocks now connect
  // to this one, each page still in a browser context of its own (decision 0317).
  const browser = await launchBrowserServer(
    powerBiHostFlags(services.bi.tlsPort, services.bi.certFile),
  );
  project.provide('sharedFrameServers', endpointsOf(services));
  project.provide('sharedFrameBrowser', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await services.stop();
  };
}
