import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` every 25 ms until it answers something, and answers that; fails naming `what`
 * after `ms`. For what other processes do in their own time (a leader taken over, a run resumed).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
