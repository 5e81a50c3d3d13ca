import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSyncScheduler } from './sync-scheduler.ts';
import type { SyncService } from './sync.service.ts';

afterEach(() => vi.useRealTimers());

function fakeSync(rounds: { release?: () => void }[]) {
  return {
    syncAll: () =>
      new Promise<void>((resolve) => {
        rounds.push({ release: resolve });
      }),
  } satisfies Pick<SyncService, 'syncAll'>;
}

describe('sync scheduler', () => {
  it('syncs every interval and never overlaps a slow round', async () => {
    vi.useFakeTimers();
    const rounds: { release?: () => void }[] = [];
    const stop = startSyncScheduler(fakeSync(rounds), 15, () => undefined);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(rounds).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(rounds).toHaveLength(1);
    rounds[0]!.release!();
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(rounds).toHaveLength(2);
    stop();
    rounds[1]!.release!();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(rounds).toHaveLength(2);
  });

  it('is off when the interval is 0', async () => {
    vi.useFakeTimers();
    const rounds: { release?: () => void }[] = [];
    startSyncScheduler(fakeSync(rounds), 0, () => undefined);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(rounds).toEqual([]);
  });

  it('runs a round only while this instance is the leader', async () => {
    vi.useFakeTimers();
    const rounds: { release?: () => void }[] = [];
    let leading = false;
    startSyncScheduler(
      fakeSync(rounds),
      15,
      () => undefined,
      () => Promise.resolve(leading),
    );
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(rounds).toEqual([]);
    leading = true;
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(rounds).toHaveLength(1);
  });
});
