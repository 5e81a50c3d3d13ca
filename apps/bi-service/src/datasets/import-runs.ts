/**
 * The file imports under way (decision 0223). Each runs with one signal that aborts when its
 * client goes away, when it outlasts the time limit, or when the service shuts down
 * (`cancelAll`, called as the app closes); the import's work stops at that signal and its files
 * go. The upload is part of the import: it is streamed to disk under the same signal.
 */
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { invalidRequest, PowerBiError } from '../http/powerbi-error.ts';
import { fileTooLarge, type ImportLimits } from './import-limits.ts';

export function createImportRuns(limits: ImportLimits) {
  const running = new Map<AbortController, Promise<unknown>>();

  return {
    /** Runs `work` under the import's signal; `client` aborts when the caller goes away. */
    async run<T>(client: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const controller = new AbortController();
      const seconds = Math.round(limits.timeoutMs / 1000);
      const timer = setTimeout(
        () =>
          controller.abort(
            invalidRequest(`The import took longer than ${seconds} s and was stopped`),
          ),
        limits.timeoutMs,
      );
      const clientGone = () =>
        controller.abort(invalidRequest('The import was cancelled: its client went away'));
      if (client.aborted) clientGone();
      client.addEventListener('abort', clientGone);
      const done = work(controller.signal);
      running.set(controller, done);
      try {
        return await done;
      } finally {
        clearTimeout(timer);
        client.removeEventListener('abort', clientGone);
        running.delete(controller);
      }
    },

    /** Cancels every import under way and waits until each has stopped and cleaned up. */
    async cancelAll(): Promise<void> {
      for (const controller of running.keys())
        controller.abort(
          new PowerBiError(
            503,
            'ServiceUnavailable',
            'The service is shutting down: the import was cancelled',
          ),
        );
      await Promise.allSettled(running.values());
    },
  };
}

/**
 * Streams the upload to `path`. The multipart parser cuts a file at the size limit and marks it
 * truncated: that is the 413. An aborted import answers its reason.
 */
export async function receiveUpload(
  file: Readable & { truncated?: boolean },
  path: string,
  limits: ImportLimits,
  signal: AbortSignal,
): Promise<void> {
  try {
    await pipeline(file, createWriteStream(path, { mode: 0o600 }), { signal });
  } catch (error) {
    signal.throwIfAborted();
    throw error;
  }
  if (file.truncated) throw fileTooLarge(limits);
}
