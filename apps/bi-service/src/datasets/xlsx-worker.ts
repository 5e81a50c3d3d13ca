/**
 * Runs in a worker thread (see xlsx-to-csv.ts): the workbook's first sheet to CSV, within the
 * import's limits. Answers `{ refused }` with the limit crossed, `{ unreadable: true }` for a file
 * that is no workbook, or `{ done: true }`.
 */
import { rmSync, renameSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { readWorkbookParts } from './xlsx-parts.ts';
import { padRows, writeSheetRows } from './xlsx-sheet.ts';
import { openWorkbookZip, WorkbookRefused } from './xlsx-zip.ts';

export interface XlsxJob {
  source: string;
  target: string;
  /** Where the rows are written before they are padded. */
  rows: string;
  maxColumns: number;
  maxInflatedBytes: number;
  maxSharedCharacters: number;
}

export type XlsxAnswer = { done: true } | { refused: string } | { unreadable: true };

async function convert(job: XlsxJob): Promise<XlsxAnswer> {
  const zip = await openWorkbookZip(job.source, job.maxInflatedBytes);
  const { rows } = job;
  try {
    const parts = await readWorkbookParts(zip, job.maxSharedCharacters);
    const limits = { maxColumns: job.maxColumns, maxCsvBytes: job.maxInflatedBytes };
    const written = await writeSheetRows(zip, parts, rows, limits);
    if (written.width === 0) return { refused: 'The workbook has no rows' };
    if (written.widths.subarray(0, written.rows).every((width) => width === written.width))
      renameSync(rows, job.target);
    else await padRows(rows, job.target, written, limits);
    return { done: true };
  } finally {
    zip.close();
    rmSync(rows, { force: true });
  }
}

const answer = await convert(workerData as XlsxJob).catch((error: unknown): XlsxAnswer =>
  error instanceof WorkbookRefused ? { refused: error.message } : { unreadable: true },
);
parentPort!.postMessage(answer);
