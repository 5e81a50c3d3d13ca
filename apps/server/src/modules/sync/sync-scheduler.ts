import type { SyncService } from './sync.service.ts';

/**
 * Re-syncs every account every `intervalMinutes` (0 turns it off). Returns a stop function.
 * The timer is unref'd so it never keeps the process alive on its own.
 */
export function startSyncScheduler(
  sync: Pick<SyncService, 'syncAll'>,
  intervalMinutes: number,
  onError: (error: unknown) => void,
  /** Whether this instance runs the round (one leader among several instances); always by default. */
  isLeader: () => Promise<boolean> = () => Promise.resolve(true),
) {
  if (intervalMinutes <= 0) return () => undefined;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A slow round is not overlapped by the next tick.
    if (running) return;
    running = isLeader()
      .then((leading) => (leading ? sync.syncAll() : undefined))
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
