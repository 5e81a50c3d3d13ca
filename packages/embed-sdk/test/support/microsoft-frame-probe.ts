import type { Frame, Page } from 'playwright-core';
import { frameRunning } from './harness.ts';

type ProbeWindow = Window & { microsoftFrame: { uid: string; loads: unknown[] } };

/** The playwright frame of the iframe in the container, once the Microsoft frame script runs in it. */
export function microsoftFrameIn(page: Page, containerId: string): Promise<Frame> {
  return frameRunning(page, containerId, 'microsoftFrame');
}

/** The `/report/load` bodies the Microsoft frame received, once there are at least `count`. */
export async function loadsReceived(frame: Frame, count: number): Promise<unknown[]> {
  await frame.waitForFunction(
    (n) => (window as unknown as ProbeWindow).microsoftFrame.loads.length >= n,
    count,
  );
  return frame.evaluate(() => (window as unknown as ProbeWindow).microsoftFrame.loads);
}

/** Every `/report/load` body the Microsoft frame received so far. */
export function loadsSoFar(frame: Frame): Promise<unknown[]> {
  return frame.evaluate(() => (window as unknown as ProbeWindow).microsoftFrame.loads);
}
