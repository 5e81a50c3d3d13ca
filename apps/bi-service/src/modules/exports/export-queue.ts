/**
 * Export jobs waiting and running: at most `concurrency` run at once (each holds a browser
 * context, about 300 MB), at most `queueLimit` wait. Each job runs under a signal that aborts
 * at the time limit or when the service closes; the job decides what its failure says.
 */
export class ExportTimeout extends Error {
  override name = 'ExportTimeout';
}
export class ServiceClosing extends Error {
  override name = 'ServiceClosing';
}
export class ExportCanceled extends Error {
  override name = 'ExportCanceled';
}

export interface QueuedJob {
  id: string;
  run(signal: AbortSignal): Promise<void>;
}

export interface ExportQueueLimits {
  concurrency: number;
  queueLimit: number;
  timeoutMs: number;
}

export function createExportQueue(limits: ExportQueueLimits) {
  const waiting: QueuedJob[] = [];
  const running = new Map<AbortController, { id: string; done: Promise<void> }>();
  let closing = false;

  function startNext(): void {
    while (!closing && running.size < limits.concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      const controller = new AbortController();
      const seconds = Math.round(limits.timeoutMs / 1000);
      const timer = setTimeout(
        () => controller.abort(new ExportTimeout(`La exportación superó ${seconds} s y se detuvo`)),
        limits.timeoutMs,
      );
      const done = job
        .run(controller.signal)
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          running.delete(controller);
          startNext();
        });
      running.set(controller, { id: job.id, done });
    }
  }

  return {
    /** Queues `job`; false when the queue is full (the caller answers 429). */
    offer(job: QueuedJob): boolean {
      const full = running.size >= limits.concurrency && waiting.length >= limits.queueLimit;
      if (closing || full) return false;
      waiting.push(job);
      startNext();
      return true;
    },

    /** Cancels job `id`: a waiting one leaves the queue, a running one is aborted with `reason`. */
    cancel(id: string, reason: ExportCanceled): void {
      const index = waiting.findIndex((job) => job.id === id);
      if (index >= 0) waiting.splice(index, 1);
      for (const [controller, job] of running) if (job.id === id) controller.abort(reason);
    },

    get size() {
      return { running: running.size, waiting: waiting.length };
    },

    /**
     * Stops taking jobs, aborts the running ones and waits for them to record their end; the
     * waiting ones are dropped (their owner fails them).
     */
    async close(): Promise<void> {
      closing = true;
      for (const controller of running.keys())
        controller.abort(new ServiceClosing('El servicio se detuvo durante la exportación'));
      waiting.splice(0);
      await Promise.allSettled([...running.values()].map((job) => job.done));
    },
  };
}
