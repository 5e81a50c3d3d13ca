/**
 * The demo plug-in: Retail Andino's datasets, reports and identities, and the user flagged "MFA
 * required". `main.ts` imports this file only when demo mode is on, so a production start
 * never loads it.
 */
import { demoMfaUsername } from '@vitrina/env/demo';
import type { BiPlugin } from '../src/start-service.ts';
import { demoWorkspaces, openDemoDatasets, rowSecurityDemoContent } from './index.ts';
import { seedDemo } from './seed-demo.ts';

/** The demo's service options: the one identity whose password grant answers "MFA required". */
export const demoServiceOptions = { mfaRequiredUsernames: [demoMfaUsername] };

export const demoPlugin: BiPlugin = {
  openDatasets: openDemoDatasets,
  serviceOptions: demoServiceOptions,
  seed: (services, credentials) =>
    seedDemo(services, [...demoWorkspaces, ...rowSecurityDemoContent], credentials),
};
