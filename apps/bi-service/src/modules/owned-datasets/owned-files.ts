/** Where owned datasets keep their files, and who may change them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrivateDirectory } from '../../platform/private-files.ts';
import { notAuthorized } from '../../http/powerbi-error.ts';

/** `DATA_DIR/bi`, or ':memory:' for throw-away datasets (tests). */
export type DataDir = string;

/** The dataset's DuckDB file (created owner-only under the process's umask). */
export function datasetFile(dataDir: DataDir, id: string): string {
  if (dataDir === ':memory:') return ':memory:';
  ensurePrivateDirectory(join(dataDir, 'datasets'));
  return join(dataDir, 'datasets', `${id}.duckdb`);
}

/** An imported dataset's kept source file, read again when a column's type is corrected. */
export function sourceFile(dataDir: DataDir, fileName: string): string {
  ensurePrivateDirectory(join(dataDir, 'datasets'));
  return join(dataDir, 'datasets', fileName);
}

/**
 * Runs `work` with a private directory of its own for files on their way into a dataset (beside
 * the datasets, or the system's temporary directory for in-memory ones), removed afterwards.
 */
export async function withScratchDirectory<T>(
  dataDir: DataDir,
  work: (directory: string) => Promise<T>,
): Promise<T> {
  const parent = dataDir === ':memory:' ? tmpdir() : join(dataDir, 'datasets');
  if (dataDir !== ':memory:') ensurePrivateDirectory(parent);
  // mkdtemp creates the directory owner-only.
  const directory = mkdtempSync(join(parent, 'scratch-'));
  try {
    return await work(directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Removes a dataset's files (database, its WAL, its kept source). */
export function removeDatasetFiles(dataDir: DataDir, id: string, sourceName?: string): void {
  if (dataDir === ':memory:') return;
  const database = datasetFile(dataDir, id);
  for (const path of [database, `${database}.wal`]) rmSync(path, { force: true });
  if (sourceName) rmSync(sourceFile(dataDir, sourceName), { force: true });
}

/** The caller's membership in the workspace whose datasets it changes (as the REST preHandler found it). */
export interface DatasetWriter {
  workspace: { id: string };
  role: 'Admin' | 'Member' | 'Contributor' | 'Viewer';
}

/** Viewers read; Admin, Member and Contributor change datasets, as in Power BI. */
export function assertWriter(member: DatasetWriter): void {
  if (member.role === 'Viewer')
    throw notAuthorized(
      `The Viewer role cannot change datasets of workspace ${member.workspace.id}`,
    );
}
