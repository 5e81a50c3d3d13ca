/**
 * The frame harness as the set-up of a describe block: hooks that start it before the block's
 * tests and stop it after them, and accessors through which the block's hooks and tests read it.
 * Each block gets a harness of its own, so the SDK flavours never see each other's saves.
 */
import { afterAll, beforeAll } from 'vitest';
import { started } from '../hooks.ts';
import { demoReport, startFrameHarness, type FrameHarness, type ReportTarget } from './harness.ts';

/** Call inside a describe: a frame harness started before its tests and stopped after them. */
export function useFrameHarness(): () => FrameHarness {
  let harness: FrameHarness | undefined;
  beforeAll(async () => {
    harness = await startFrameHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });
  return () => started(harness, 'The frame harness');
}

/**
 * `useFrameHarness`, plus the demo report that most frame tests embed: Comercial's
 * "Ventas generales", with a View embed token.
 */
export function useSalesReport(): { harness: () => FrameHarness; sales: () => ReportTarget } {
  const harness = useFrameHarness();
  let sales: ReportTarget | undefined;
  beforeAll(async () => {
    sales = await demoReport(harness(), 'Comercial', 'Ventas generales');
  });
  return { harness, sales: () => started(sales, 'The sales report') };
}
