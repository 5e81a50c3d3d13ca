/**
 * Vitest's global set-up for the frame files (the `e2e:e2e-frame` project): one BI service and
 * one host origin for every file of the run, whose endpoints the files read with `inject`
 * (suite.ts, `useSharedFrameHarness`). Files that save reports start servers of their own.
 */
import type { TestProject } from 'vitest/node';
import { endpointsOf, startFrameServices, type FrameEndpoints } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The frame servers this run shares; absent when the file runs outside that project. */
    sharedFrameServers?: FrameEndpoints;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await startFrameServices();
  project.provide('sharedFrameServers', endpointsOf(services));
  return services.stop;
}
