/**
 * Where a page can be sent (decision 0308): a worker forked beside the service, talking over
 * IPC, or a worker server on another machine, over HTTP. Either one rejects a page with
 * `WorkerLost` when the worker is lost with it, so the pool can send it elsewhere.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { PageAnswer, PageJob, ToWorker } from './worker-messages.ts';

export class WorkerLost extends Error {}

export interface WorkerChannel {
  /** A process id for a forked worker, the URL for a remote one. */
  readonly label: string;
  readonly pid: number | undefined;
  /** Whether a page sent now would reach a worker. */
  available(): boolean;
  send(job: PageJob): Promise<PageAnswer>;
  forget(copy: string): void;
  close(): Promise<void>;
}

const lostIfUnopened = (answer: PageAnswer) => {
  if (answer.unopened !== undefined) throw new WorkerLost(`Copy not opened: ${answer.unopened}`);
  return answer;
};

/** A worker that dies this soon after starting is started again after this long, not at once. */
const RESTART_PAUSE_MS = 1_000;

export interface ForkedWorkerOptions {
  entry: URL;
  env: NodeJS.ProcessEnv;
  /** Told when the worker can take pages (again). */
  onReady: () => void;
  onRestart: (pid: number | undefined) => void;
}

/** A forked worker, started again whenever it dies (even with `kill -9`). */
export function forkedWorker({
  entry,
  env,
  onReady,
  onRestart,
}: ForkedWorkerOptions): WorkerChannel {
  let child: ChildProcess | undefined;
  let startedAt = 0;
  let closing = false;
  const inHand = new Map<number, { settle(answer: PageAnswer): void; fail(error: Error): void }>();

  function start(): void {
    const started = fork(entry, {
      env,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    startedAt = Date.now();
    started.on('message', (answer: PageAnswer) => {
      inHand.get(answer.id)?.settle(answer);
      inHand.delete(answer.id);
    });
    started.on('exit', () => {
      child = undefined;
      for (const page of inHand.values()) page.fail(new WorkerLost(`Worker ${started.pid} exited`));
      inHand.clear();
      if (closing) return;
      const again = () => {
        if (closing) return;
        start();
        onRestart(child?.pid);
      };
      // A worker that cannot start must not be started again in a tight loop.
      if (Date.now() - startedAt < RESTART_PAUSE_MS) setTimeout(again, RESTART_PAUSE_MS).unref();
      else again();
    });
    onReady();
  }
  start();

  return {
    get label() {
      return `pid ${child?.pid}`;
    },
    get pid() {
      return child?.pid;
    },
    available: () => child?.connected === true,
    send(job) {
      return new Promise<PageAnswer>((settle, fail) => {
        if (!child?.connected) return fail(new WorkerLost('No worker running'));
        inHand.set(job.id, { settle, fail });
        // A worker dying as this is sent fails the send here, and the page at its exit.
        child.send(job satisfies ToWorker, () => undefined);
      }).then(lostIfUnopened);
    },
    forget(copy) {
      if (child?.connected) child.send({ type: 'forget', copy } satisfies ToWorker);
    },
    async close() {
      closing = true;
      const running = child;
      if (!running) return;
      await new Promise<void>((done) => {
        running.once('exit', () => done());
        running.kill();
      });
    },
  };
}

/** A remote worker that fails a page is left alone this long before it is sent another. */
const REMOTE_REST_MS = 5_000;
/** The longest a page may take on a remote worker before it is taken as lost. */
const REMOTE_PAGE_TIMEOUT_MS = 60_000;

export interface RemoteWorkerOptions {
  url: string;
  /** Shared with the worker server (`BI_WORKER_SECRET`): it runs pages for no one else. */
  secret: string;
  onReady: () => void;
}

/** A worker server on another machine (`npm run start:bi-worker`), reading the same copies. */
export function remoteWorker({ url, secret, onReady }: RemoteWorkerOptions): WorkerChannel {
  let restingUntil = 0;
  const post = (path: string, body: unknown, timeoutMs: number) =>
    fetch(new URL(path, url), {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  const rest = (reason: string): never => {
    restingUntil = Date.now() + REMOTE_REST_MS;
    setTimeout(onReady, REMOTE_REST_MS).unref();
    throw new WorkerLost(`Worker ${url}: ${reason}`);
  };

  return {
    label: url,
    pid: undefined,
    available: () => Date.now() >= restingUntil,
    async send(job) {
      let response: Response;
      try {
        response = await post('pages', job, REMOTE_PAGE_TIMEOUT_MS);
      } catch (error) {
        return rest(String(error));
      }
      if (!response.ok) return rest(`HTTP ${response.status}`);
      return lostIfUnopened((await response.json()) as PageAnswer);
    },
    forget(copy) {
      post('forget', { copy }, REMOTE_PAGE_TIMEOUT_MS).catch(() => undefined);
    },
    close: async () => undefined,
  };
}
