import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, signIn, type SignedIn, type TestApp } from '../helper.ts';
import { startBundledBi, type BundledBi } from './bundled-bi-process.ts';

/** The portal (SQLite) on the bundled BI service in demo mode, with two users signed in. */
export interface PortalOnBundledBi {
  bi: BundledBi;
  portal: TestApp;
  admin: SignedIn;
  viewer: SignedIn;
}

/**
 * Registers the lifecycle of a file that runs the portal against the real bundled BI service (a
 * separate process): started once for the file, stopped after it. Read the fields inside tests.
 */
export function usePortalOnBundledBi(): PortalOnBundledBi {
  const state = {} as PortalOnBundledBi;
  beforeAll(async () => {
    state.bi = await startBundledBi();
    state.portal = await buildTestApp('sqlite', { env: state.bi.portalEnv });
    state.admin = await signIn(state.portal, 0);
    state.viewer = await signIn(state.portal, 1);
  }, 150_000);
  afterAll(async () => {
    await state.portal?.close();
    await state.bi?.stop();
  });
  return state;
}
