/**
 * The BI service's query workers (decision 0308): each page goes to the available worker with
 * the fewest pages in hand. A worker lost with pages (a forked one killed, even with `kill -9`,
 * or a remote one unreachable) has them sent to the others: reads are idempotent, so a page is
 * sent at most twice before it fails as a DuckDB error would.
 */
import type { PageAnswer, PageJob } from './worker-messages.ts';
import { WorkerLost, type WorkerChannel } from './worker-channels.ts';

/** A page is sent to a second worker when the first is lost with it; not to a third. */
const MAX_SENDS = 2;

interface Page {
  job: PageJob;
  sends: number;
  settle(answer: PageAnswer): void;
  fail(error: unknown): void;
}

export interface WorkerPool {
  run(job: Omit<PageJob, 'type' | 'id'>): Promise<PageAnswer>;
  /** Tells every worker to close a copy no page reads any more. */
  forget(copy: string): void;
  /** Each worker's label, process id (forked ones) and pages in hand, now. */
  workers(): { label: string; pid: number | undefined; pages: number }[];
  /** Pages sent to another worker because theirs was lost with them, since the start. */
  resent(): number;
  close(): Promise<void>;
}

/** `channels` are made with the pool's `ready` as their `onReady`. */
export function createWorkerPool(makeChannels: (ready: () => void) => WorkerChannel[]): WorkerPool {
  let nextJobId = 0;
  let resent = 0;
  let closing = false;
  /** Pages that came while no worker could take them. */
  const waiting: Page[] = [];
  const inHand = new Map<WorkerChannel, number>();
  const channels = makeChannels(ready);

  function ready(): void {
    for (const page of waiting.splice(0)) send(page);
  }

  function send(page: Page): void {
    if (closing) return page.fail(new Error('The query workers are stopping'));
    const available = channels.filter((channel) => channel.available());
    if (available.length === 0) {
      waiting.push(page);
      return;
    }
    const channel = available.reduce((least, candidate) =>
      (inHand.get(candidate) ?? 0) < (inHand.get(least) ?? 0) ? candidate : least,
    );
    page.sends += 1;
    inHand.set(channel, (inHand.get(channel) ?? 0) + 1);
    channel
      .send(page.job)
      .finally(() => inHand.set(channel, inHand.get(channel)! - 1))
      .then(page.settle, (error: unknown) => {
        if (!(error instanceof WorkerLost) || page.sends >= MAX_SENDS) return page.fail(error);
        resent += 1;
        send(page);
      });
  }

  return {
    run(job) {
      return new Promise((settle, fail) =>
        send({ job: { ...job, type: 'page', id: nextJobId++ }, sends: 0, settle, fail }),
      );
    },
    forget(copy) {
      for (const channel of channels) channel.forget(copy);
    },
    workers: () =>
      channels.map((channel) => ({
        label: channel.label,
        pid: channel.pid,
        pages: inHand.get(channel) ?? 0,
      })),
    resent: () => resent,
    async close() {
      closing = true;
      for (const page of waiting.splice(0)) page.fail(new Error('The query workers are stopping'));
      await Promise.all(channels.map((channel) => channel.close()));
    },
  };
}
