/**
 * The BI service's query workers (decision 0308): N forked processes, each page sent to the one
 * with the fewest pages in hand. A worker that dies (even `kill -9`) is replaced, and the pages it
 * had not answered go to the others: reads are idempotent, so a page is sent at most twice before
 * it fails as a DuckDB error would.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { PageAnswer, PageJob, ToWorker } from './worker-messages.ts';

const workerEntry = new URL('./query-worker.ts', import.meta.url);
/** A page is sent to a second worker when the first dies with it; not to a third. */
const MAX_SENDS = 2;
/** A worker that dies this soon after starting is restarted after this long, not at once. */
const RESTART_PAUSE_MS = 1_000;

interface InHand {
  job: PageJob;
  sends: number;
  settle(answer: PageAnswer): void;
  fail(error: Error): void;
}

interface Slot {
  /** Absent while a worker that died at once waits to be started again. */
  child?: ChildProcess;
  startedAt: number;
  inHand: Map<number, InHand>;
}

export interface WorkerPoolOptions {
  workers: number;
  /** DuckDB threads for each worker. */
  threadsEach: number;
  /** Told each time a worker is started again after dying (logs, tests). */
  onRestart?: (pid: number | undefined) => void;
}

export interface WorkerPool {
  run(job: Omit<PageJob, 'type' | 'id'>): Promise<PageAnswer>;
  /** Tells every worker to close a copy (no page reads it any more). */
  forget(file: string): void;
  /** Each running worker's process id and the pages in its hands, now. */
  workers(): { pid: number; pages: number }[];
  /** Pages handed to another worker because theirs died, since the start. */
  resent(): number;
  close(): Promise<void>;
}

export function createWorkerPool({
  workers,
  threadsEach,
  onRestart,
}: WorkerPoolOptions): WorkerPool {
  let nextJobId = 0;
  let closing = false;
  let resent = 0;
  /** Pages that came while no worker was running. */
  const waiting: InHand[] = [];

  const slots: Slot[] = Array.from({ length: workers }, () => {
    const slot: Slot = { startedAt: 0, inHand: new Map() };
    start(slot);
    return slot;
  });

  function start(slot: Slot): void {
    const child = fork(workerEntry, {
      env: { ...process.env, BI_WORKER_THREADS: String(threadsEach) },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    slot.child = child;
    slot.startedAt = Date.now();
    child.on('message', (answer: PageAnswer) => {
      const page = slot.inHand.get(answer.id);
      slot.inHand.delete(answer.id);
      page?.settle(answer);
    });
    child.on('exit', () => replace(slot, child));
    for (const page of waiting.splice(0)) send(page);
  }

  function send(page: InHand): void {
    const running = slots.filter(({ child }) => child?.connected);
    if (running.length === 0) {
      waiting.push(page);
      return;
    }
    const slot = running.reduce((least, candidate) =>
      candidate.inHand.size < least.inHand.size ? candidate : least,
    );
    page.sends += 1;
    slot.inHand.set(page.job.id, page);
    // A worker dying as this is sent fails the send here and hands the page on at its exit.
    slot.child!.send(page.job satisfies ToWorker, () => undefined);
  }

  /** A dead worker's place goes to a new one; its pages go to whichever workers have fewest. */
  function replace(slot: Slot, dead: ChildProcess): void {
    const orphans = [...slot.inHand.values()];
    slot.inHand.clear();
    delete slot.child;
    if (closing) {
      for (const page of orphans) page.fail(new Error('The query workers are stopping'));
      return;
    }
    const restart = () => {
      if (closing) return;
      start(slot);
      onRestart?.(slot.child?.pid);
    };
    // A worker that cannot start must not be restarted in a tight loop.
    if (Date.now() - slot.startedAt < RESTART_PAUSE_MS)
      setTimeout(restart, RESTART_PAUSE_MS).unref();
    else restart();
    for (const page of orphans) {
      if (page.sends < MAX_SENDS) {
        resent += 1;
        send(page);
      } else page.fail(new Error(`Query worker ${dead.pid} exited while running a page`));
    }
  }

  return {
    run(job) {
      return new Promise((settle, fail) =>
        send({ job: { ...job, type: 'page', id: nextJobId++ }, sends: 0, settle, fail }),
      );
    },
    forget(file) {
      for (const { child } of slots) if (child?.connected) child.send({ type: 'forget', file });
    },
    workers: () =>
      slots.flatMap(({ child, inHand }) =>
        child?.pid === undefined ? [] : [{ pid: child.pid, pages: inHand.size }],
      ),
    resent: () => resent,
    async close() {
      closing = true;
      for (const page of waiting.splice(0)) page.fail(new Error('The query workers are stopping'));
      await Promise.all(
        slots.map(({ child }) =>
          child
            ? new Promise<void>((done) => {
                child.once('exit', () => done());
                child.kill();
              })
            : undefined,
        ),
      );
    },
  };
}
