import type { Frame, Page } from 'playwright-core';

type ProbeWindow = Window & { microsoftFrame: { uid: string; loads: unknown[] } };

/** The playwright frame of the iframe in the container, once the Microsoft frame script runs in it. */
export async function microsoftFrameIn(page: Page, containerId: string): Promise<Frame> {
  const handle = await page.waitForSelector(`#${containerId} iframe`, { state: 'attached' });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`no frame in #${containerId}`);
  await frame.waitForFunction(() => 'microsoftFrame' in window);
  return frame;
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
