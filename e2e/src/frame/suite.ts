/**
 * The frame harness as the set-up of a describe block: hooks that make it before the block's
 * tests and close it after them, and accessors through which the block's hooks and tests read it.
 *
 * Blocks that only read the demo content share the servers and the browser of the run
 * (global-setup.ts), each page in a context of its own. Blocks that save reports start servers
 * and a browser of their own, so the SDK flavours never see each other's saves and no reader sees
 * a saved change.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { started } from '../hooks.ts';
import type { Page } from 'playwright-core';
import {
  cardText,
  connectFrameHarness,
  demoReport,
  openRenderedReport,
  startFrameHarness,
  type FrameHarness,
  type ReportTarget,
} from './harness.ts';
import type { SdkFlavour } from './host-server.ts';

function useHarness(make: () => Promise<FrameHarness>): () => FrameHarness {
  let harness: FrameHarness | undefined;
  beforeAll(async () => {
    harness = await make();
  });
  afterAll(async () => {
    await harness?.stop();
  });
  return () => started(harness, 'The frame harness');
}

/** Call inside a describe that saves: a BI service and host of its own, and a browser. */
export function useFrameHarness(): () => FrameHarness {
  return useHarness(startFrameHarness);
}

/**
 * Call inside a describe that only reads: the run's shared BI service, host and browser (each
 * page the block opens is a browser context of its own).
 */
export function useSharedFrameHarness(): () => FrameHarness {
  return useHarness(async () => {
    const servers = inject('sharedFrameServers');
    if (!servers)
      throw new Error(
        "No shared frame servers: run this file in the 'e2e:e2e-frame' project, whose global set-up starts them",
      );
    return connectFrameHarness(servers, undefined, inject('sharedFrameBrowser'));
  });
}

/**
 * `useSharedFrameHarness`, plus the demo report that most frame tests embed: Comercial's
 * "Ventas generales", with a View embed token.
 */
export function useSalesReport(): { harness: () => FrameHarness; sales: () => ReportTarget } {
  const harness = useSharedFrameHarness();
  let sales: ReportTarget | undefined;
  beforeAll(async () => {
    sales = await demoReport(harness(), 'Comercial', 'Ventas generales');
  });
  return { harness, sales: () => started(sales, 'The sales report') };
}

/** The card on the sales report's opening page that shows total sales. */
export const SALES_CARD = 'VisualContainer4';

/**
 * `useSalesReport`, rendered once for the block on a host page of `flavour` (`extra` added to its
 * config), and the total sales the page first showed, to compare filtered figures with.
 */
export function useRenderedSalesReport(
  flavour: SdkFlavour,
  extra: Record<string, unknown> = {},
): { harness: () => FrameHarness; page: () => Page; allSales: () => string } {
  const { harness, sales } = useSalesReport();
  let shown: { page: Page; allSales: string } | undefined;
  beforeAll(async () => {
    const page = await openRenderedReport(harness(), flavour, sales(), extra);
    shown = { page, allSales: await cardText(page, SALES_CARD) };
  });
  const rendered = () => started(shown, 'The rendered sales report');
  return { harness, page: () => rendered().page, allSales: () => rendered().allSales };
}
