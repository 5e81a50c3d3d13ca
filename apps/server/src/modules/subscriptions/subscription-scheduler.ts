import type { FastifyBaseLogger } from 'fastify';
import type { LazyQueue } from './subscription-queue.ts';

/**
 * Starts sending: the runs a stopped instance left unfinished, and a look for due subscriptions
 * and refreshed datasets at start (a missed occurrence is sent now, once) and every
 * `checkSeconds` (0: only when told,
 * as tests do). The queue's worker starts with the first subscription or the first run queued.
 * The schedule itself lives in the database (`next_run_at`).
 */
export function subscriptionScheduler(deps: {
  queue: LazyQueue;
  exist: () => Promise<boolean>;
  runDue: () => Promise<unknown>;
  /** Runs for refreshes completed since the last look (`afterRefresh` subscriptions). */
  runRefreshed: () => Promise<unknown>;
  resumeUnfinished: () => Promise<void>;
  checkSeconds: number;
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  let looking = Promise.resolve();
  // Once there is a subscription, this instance's worker runs, to take the runs its peers queue.
  const look = () => {
    looking = looking
      .then(async () => {
        if (!(await deps.exist())) return;
        await deps.queue.ensureStarted();
        await deps.runDue();
        await deps.runRefreshed();
      })
      .then(
        () => undefined,
        (error: unknown) => deps.log.error({ err: error }, 'subscription schedule check failed'),
      );
    return looking;
  };
  return {
    async start() {
      await deps.resumeUnfinished();
      await look();
      if (deps.checkSeconds > 0) {
        timer = setInterval(() => void look(), deps.checkSeconds * 1000);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      await looking;
      await deps.queue.stop();
    },
  };
}
