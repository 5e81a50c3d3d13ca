/**
 * How far one file import may go (decision 0223), read from BI_IMPORT_* by config.ts, and the
 * checks that hold an import to it on its DuckDB connection.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { invalidRequest, PowerBiError } from '../http/powerbi-error.ts';
import { isOutOfMemory } from './file-staging.ts';

export interface ImportLimits {
  /** The largest upload, in bytes. */
  maxBytes: number;
  /** The most columns a file may have, read from its first line (or a sheet's widest row). */
  maxColumns: number;
  /** The most bytes an XLSX workbook may inflate to, and the most its sheet may write as CSV. */
  maxXlsxExpandedBytes: number;
  /** How long one import may take, upload included. */
  timeoutMs: number;
  /** The memory ceiling of one import: DuckDB's memory_limit, and the XLSX worker's heap. */
  memoryMb: number;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** 413 with the limit in the message. */
export const fileTooLarge = (limits: ImportLimits) =>
  new PowerBiError(
    413,
    'InvalidRequest',
    `The file is larger than the ${megabytes(limits.maxBytes)} the service accepts`,
  );

/**
 * DuckDB imports on one thread. `memory_limit` does not count all that a `CREATE TABLE AS` from
 * a CSV holds (each thread's reader buffers, the batches kept in the file's order): writing a
 * 500 MB CSV of long strings at 256 MB, a process of 110 MB peaked at 770 MB with two threads and
 * at 430–580 MB with one, which was not slower on two cores.
 */
const IMPORT_THREADS = 1;

/**
 * Runs `work` within the import's memory ceiling; the abort interrupts the statement running,
 * and whatever the interrupted statement then throws, the import answers the abort's reason.
 * The settings are the database's, so they are put back once the import is over.
 */
export async function withinLimits<T>(
  connection: DuckDBConnection,
  limits: ImportLimits,
  signal: AbortSignal,
  work: () => Promise<T>,
): Promise<T> {
  await connection.run(`SET memory_limit = '${limits.memoryMb}MB'`);
  await connection.run(`SET threads = ${IMPORT_THREADS}`);
  const interrupt = () => connection.interrupt();
  signal.addEventListener('abort', interrupt);
  try {
    signal.throwIfAborted();
    return await work();
  } catch (error) {
    signal.throwIfAborted();
    if (isOutOfMemory(error))
      throw invalidRequest(`The file needs more than the ${limits.memoryMb} MB an import may use`);
    throw error;
  } finally {
    signal.removeEventListener('abort', interrupt);
    await connection.run('RESET memory_limit');
    await connection.run('RESET threads');
  }
}

/** Refuses a file wider than the limit, before anything reads its rows. */
export function checkColumns(count: number, limits: ImportLimits) {
  if (count > limits.maxColumns)
    throw invalidRequest(
      `The file has ${count} columns; an import takes at most ${limits.maxColumns}`,
    );
}

/** A Parquet file's column count, from its footer alone. */
export async function parquetColumns(connection: DuckDBConnection, path: string): Promise<number> {
  try {
    return (await connection.runAndReadAll('DESCRIBE SELECT * FROM read_parquet(?)', [path]))
      .currentRowCount;
  } catch {
    throw invalidRequest('The file cannot be read as PARQUET');
  }
}
