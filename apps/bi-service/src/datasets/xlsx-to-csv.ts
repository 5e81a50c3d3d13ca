/**
 * An XLSX workbook's first sheet as a CSV file, so it takes the CSV path (inference, checks, the
 * kept file for corrections). The work runs in a worker thread with a heap of its own
 * (decision 0223): however the workbook is made, the service's event loop keeps answering and its
 * memory stays bounded, and a cancelled import ends the worker at once.
 */
import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { invalidRequest } from '../http/powerbi-error.ts';
import type { ImportLimits } from './import-limits.ts';
import type { XlsxAnswer, XlsxJob } from './xlsx-worker.ts';

const worker = new URL('./xlsx-worker.ts', import.meta.url);

/** Writes the sheet to `target`; rejects with a 400 naming the limit crossed, or `signal`'s reason. */
export async function xlsxToCsv(
  source: string,
  target: string,
  limits: ImportLimits,
  signal: AbortSignal,
): Promise<void> {
  signal.throwIfAborted();
  const job: XlsxJob = {
    source,
    target,
    rows: `${target}.rows`,
    maxColumns: limits.maxColumns,
    maxInflatedBytes: limits.maxXlsxExpandedBytes,
    // A quarter of the heap for the shared strings' text (two bytes a character at worst).
    maxSharedCharacters: (limits.memoryMb * 1024 * 1024) / 8,
  };
  // A small young generation: the worker makes short-lived strings (cells, lines) by the hundred
  // megabytes, and with V8's default one a 500 MB sheet took the process 150 MB up, 130 MB of it
  // still resident after the worker ended; with 8 MB, 50 MB and 40 MB, for a few seconds more.
  const thread = new Worker(worker, {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 8 },
  });
  const stop = () => void thread.terminate();
  signal.addEventListener('abort', stop);
  let answer: XlsxAnswer | undefined;
  let failure: (Error & { code?: string }) | undefined;
  thread.on('message', (message: XlsxAnswer) => (answer = message));
  thread.on('error', (error) => (failure = error));
  try {
    await new Promise((resolve) => thread.once('exit', resolve));
  } finally {
    signal.removeEventListener('abort', stop);
  }
  // A worker ended early leaves its files behind: they go here.
  const done = answer !== undefined && 'done' in answer && !signal.aborted;
  for (const path of done ? [job.rows] : [job.rows, target]) rmSync(path, { force: true });
  signal.throwIfAborted();
  if (done) return;
  if (answer && 'refused' in answer) throw invalidRequest(answer.refused);
  if (failure?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    throw invalidRequest(
      `The workbook needs more than the ${limits.memoryMb} MB an import may use`,
    );
  throw invalidRequest('The file cannot be read as XLSX');
}
