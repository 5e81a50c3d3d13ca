/** How often the opens past their retention are pruned. */
const pruneEveryMs = 3_600_000;

/**
 * Prunes once when started and then hourly; the timer is unref'd so it never keeps the process
 * alive. Every instance prunes (a delete by day is idempotent, no leader needed).
 */
export function usagePruning(prune: () => Promise<unknown>, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= prune()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      run();
      timer = setInterval(run, pruneEveryMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
