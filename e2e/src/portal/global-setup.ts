/**
 * Vitest's global set-up for a group of portal files (the `e2e:e2e-portal*` projects,
 * vitest.config.ts): one product for every file of the group, started with the group's
 * environment (`portalGroupEnv`), whose address the files read with `inject` (suite.ts,
 * `useSharedPortal`).
 */
import type { TestProject } from 'vitest/node';
import { addressOf, startStack, type StackAddress } from '../stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Environment the group's product runs with, set in the project's `provide`. */
    portalGroupEnv?: Record<string, string>;
    /** The product the group shares; absent when the file runs outside a portal group project. */
    sharedPortal?: StackAddress;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startStack(project.getProvidedContext().portalGroupEnv ?? {});
  project.provide('sharedPortal', addressOf(stack));
  return stack.stop;
}
