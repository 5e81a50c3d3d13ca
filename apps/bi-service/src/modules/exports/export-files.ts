/**
 * Exported files on disk (never in the database): `DATA_DIR/bi/exports/{exportId}{extension}`,
 * owner-only like the service's other files. In-memory services (tests) use a temporary
 * directory removed on close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrivateDirectory } from '../../platform/private-files.ts';

export function createExportFiles(dataDir: string) {
  const temporary = dataDir === ':memory:';
  const directory = temporary
    ? mkdtempSync(join(tmpdir(), 'vitrina-exports-'))
    : join(dataDir, 'exports');
  ensurePrivateDirectory(directory);
  const pathOf = (id: string, extension: string) => join(directory, `${id}${extension}`);

  return {
    pathOf,
    async write(id: string, extension: string, bytes: Buffer): Promise<void> {
      await writeFile(pathOf(id, extension), bytes, { mode: 0o600 });
    },
    /** Whether the file is still there (the 24 h sweep may have taken it). */
    async exists(id: string, extension: string): Promise<boolean> {
      return stat(pathOf(id, extension)).then(
        () => true,
        () => false,
      );
    },
    async remove(id: string, extension: string): Promise<void> {
      await rm(pathOf(id, extension), { force: true });
    },
    close(): void {
      if (temporary) rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type ExportFiles = ReturnType<typeof createExportFiles>;
