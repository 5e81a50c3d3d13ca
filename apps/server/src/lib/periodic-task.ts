/**
 * Runs `task` when started and every `everyMs` after, never two runs at once; the timer is
 * unref'd so it never keeps the process alive, and `stop` waits for a run in progress.
 */
export function periodicTask(
  task: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= task()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      run();
      timer = setInterval(run, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
