import { periodicTask } from '../../lib/periodic-task.ts';

/** How often the opens past their retention are pruned. */
const pruneEveryMs = 3_600_000;

/**
 * Prunes once when started and then hourly. Every instance prunes (a delete by day is
 * idempotent, no leader needed).
 */
export function usagePruning(prune: () => Promise<number>, onError: (error: unknown) => void) {
  return periodicTask(prune, pruneEveryMs, onError);
}
