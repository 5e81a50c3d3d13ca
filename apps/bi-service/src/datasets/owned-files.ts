/** Where owned datasets keep their files, and who may change them. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDirectory } from '../files/private-files.ts';
import { notAuthorized } from '../http/powerbi-error.ts';

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
