import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { maxAttempts } from './subscription-delivery.ts';

/** What a job does with a run: whether some recipient's send failed and should be retried. */
export type RunWork = (runId: number) => Promise<{ retry: boolean }>;

/**
 * Where runs wait to be sent. Each run is sent by one worker at a time; a run that asks for a
 * retry comes back after a growing delay, so a failed recipient is tried again (the others are
 * not: their deliveries are already `sent` or `skipped`). The first retry waits
 * `retryDelaySeconds` (`SUBSCRIPTION_RETRY_SECONDS`, 30 by default), each next one twice as long,
 * for at most `maxAttempts` tries per recipient.
 */
export interface SubscriptionQueue {
  start(work: RunWork): Promise<void>;
  push(runId: number): Promise<void>;
  stop(): Promise<void>;
}

const queueName = 'subscription-run';

/**
 * PostgreSQL: pg-boss. A run is one job whose key is the run, so it is queued or active once;
 * any instance may take it. An instance killed mid-run stops its heartbeat and the job goes
 * back to the queue for another one (decision 0257).
 */
export function pgBossQueue(
  pool: pg.Pool,
  log: FastifyBaseLogger,
  retryDelaySeconds: number,
): SubscriptionQueue {
  // pg-boss runs its SQL on the portal's own pool: one set of connections, one database.
  const boss = new PgBoss({
    schema: 'pgboss',
    // The pass that fails jobs whose heartbeat stopped (an instance killed mid-run) comes every
    // 10 s instead of every minute, so another instance resumes the run within about 20 s plus
    // the first retry's delay.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    db: poolForPgBoss(pool),
  });
  boss.on('error', (error) => log.error({ err: error }, 'subscription queue error'));
  return {
    async start(work) {
      await boss.start();
      await boss.createQueue(queueName, {
        policy: 'exclusive',
        retryLimit: maxAttempts - 1,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        heartbeatSeconds: 10,
      });
      await boss.work<{ runId: number }>(queueName, async ([job]) => {
        if (!job) return;
        const { retry } = await work(job.data.runId);
        // Throwing hands the job back to pg-boss, which retries it after the back-off.
        if (retry) throw new Error('some recipients failed; retried with back-off');
      });
    },
    async push(runId) {
      await boss.send(queueName, { runId }, { singletonKey: `run-${runId}` });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/**
 * pg-boss's way into the pool. Its maintenance and claim batches are several statements in one
 * text, and it reads rows from more than the last: pg answers such a text with one result per
 * statement, and every one's rows go back. (Through Kysely, which reads one result, those rows
 * were lost and pg-boss failed each maintenance pass, delaying the takeover of a killed run.)
 */
export function poolForPgBoss(pool: pg.Pool) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: Array.isArray(result) ? result.flatMap((each) => each.rows) : result.rows };
    },
  };
}

/**
 * SQLite (one instance): the runs are sent in this process, one after another. The run rows are
 * the durable part: an instance that stopped mid-run finds its unfinished runs at start.
 */
export function inProcessQueue(
  log: FastifyBaseLogger,
  retryDelaySeconds: number,
): SubscriptionQueue {
  let work: RunWork | undefined;
  let chain = Promise.resolve();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function run(runId: number, attempt: number): Promise<void> {
    chain = chain.then(async () => {
      if (stopped || !work) return;
      try {
        const { retry } = await work(runId);
        if (retry && attempt < maxAttempts) later(runId, attempt + 1);
      } catch (error) {
        log.error({ err: error, runId }, 'subscription run failed');
        if (attempt < maxAttempts) later(runId, attempt + 1);
      }
    });
    return chain;
  }
  function later(runId: number, attempt: number) {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void run(runId, attempt);
      },
      retryDelaySeconds * 1000 * 2 ** (attempt - 2),
    );
    timers.add(timer);
  }
  return {
    async start(w) {
      work = w;
    },
    async push(runId) {
      void run(runId, 1);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await chain;
    },
  };
}

/**
 * The queue started on first use: by the first push, or by the scheduler once the portal has a
 * subscription. A portal with none never starts it, so pg-boss neither makes its tables nor
 * polls; that was a third of a second for every PostgreSQL app the tests start.
 */
export function startedOnFirstUse(queue: SubscriptionQueue, work: () => RunWork) {
  let started: Promise<void> | undefined;
  const ensureStarted = () => (started ??= queue.start(work()));
  return {
    ensureStarted,
    async push(runId: number) {
      await ensureStarted();
      await queue.push(runId);
    },
    async stop() {
      if (!started) return;
      await started;
      await queue.stop();
    },
  };
}
export type LazyQueue = ReturnType<typeof startedOnFirstUse>;
