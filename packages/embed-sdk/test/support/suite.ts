import type { Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Service } from '../../src/service.ts';
import { ourSdkScript } from './bundles.ts';
import { frameOf, startHarness, waitForRequest, type Harness } from './harness.ts';

/**
 * Starts the two-origin harness with our SDK for a test file (one browser per file) and closes it
 * afterwards. Read `.harness` inside tests.
 */
export function useOurSdk(): { harness: Harness } {
  const state = {} as { harness: Harness };
  beforeAll(async () => {
    state.harness = await startHarness(await ourSdkScript());
  });
  afterAll(async () => {
    await state.harness?.close();
  });
  return state;
}

/** `useOurSdk`, and a new page of the harness for every test, closed after it. Read `.page`. */
export function useOurSdkPage(): { harness: Harness; page: Page } {
  const state = useOurSdk() as { harness: Harness; page: Page };
  beforeEach(async () => {
    state.page = await state.harness.newPage();
  });
  afterEach(async () => state.page?.close());
  return state;
}

/** The script expression that reads the embed in the container `id` (for `outcome`, `evaluate`). */
export const embedOf = (id: string) => `powerbi.get(document.getElementById('${id}'))`;

/** A report embed config pointing at the harness's frame origin. */
export function reportConfig(
  harness: Harness,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: 'report',
    id: 'r1',
    embedUrl: `${harness.frames.url}/reportEmbed?reportId=r1&groupId=g1`,
    accessToken: 't0',
    ...extra,
  };
}

/** Calls the page's `powerbi.embed` (whichever SDK it has) on the container with `config`. */
export async function embedInto(
  page: Page,
  containerId: string,
  config: Record<string, unknown>,
): Promise<void> {
  await page.evaluate(
    ([id, cfg]) =>
      void (window as unknown as { powerbi: Service }).powerbi.embed(
        document.getElementById(id) as HTMLElement,
        cfg,
      ),
    [containerId, config] as const,
  );
}

/** Embeds `config` into the container and waits for the frame to receive its first load request. */
export async function embedAndWait(
  page: Page,
  containerId: string,
  config: Record<string, unknown>,
  loadUrl = '/report/load',
): Promise<Frame> {
  await embedInto(page, containerId, config);
  const frame = await frameOf(page, containerId);
  await waitForRequest(frame, 'POST', loadUrl);
  return frame;
}
