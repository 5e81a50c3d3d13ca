/**
 * File imports (decision 0136): a CSV, XLSX or Parquet file becomes a one-table dataset whose types are
 * inferred. The file is kept beside the dataset, so a corrected type reads it again; importing
 * under the same name replaces the data and keeps the dataset id.
 */
import type { NameConflict } from '@vitrina/bi-model';
import { renameSync, rmSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { newGuid } from '../../platform/ids.ts';
import { entityNotFound, invalidRequest, PowerBiError } from '../../http/powerbi-error.ts';
import { checkColumns, type ImportLimits } from '../../engine/import-limits.ts';
import { createImportGate } from './import-gate.ts';
import { createImportRuns, receiveUpload } from './import-runs.ts';
import type { ImportRow, ImportsRepository } from './imports.repository.ts';
import type { OwnedDatasetsRepository } from '../owned-datasets/owned-datasets.repository.ts';
import { detectCsvDialect, type CsvDialect } from '../../engine/csv-dialect.ts';
import { DatasetStore } from '../../engine/dataset-store.ts';
import type { FileSource } from '../../engine/file-staging.ts';
import { rewriteImportedTable, writeImportedTable } from '../../engine/file-import.ts';
import type { DatasetDefinition, TableDefinition } from '../../engine/model.ts';
import {
  assertWriter,
  datasetFile,
  removeDatasetFiles,
  sourceFile,
  type DataDir,
  type DatasetWriter,
} from '../owned-datasets/owned-files.ts';
import { withFittingMeasures } from '../../engine/push-definition.ts';
import type { DatasetRegistry } from '../../engine/registry.ts';
import { xlsxToCsv } from './xlsx/xlsx-to-csv.ts';

/** What an imported dataset keeps to read its file again. */
interface KeptSource {
  format: 'csv' | 'parquet';
  fileName: string;
  dialect?: CsvDialect;
  decimalComma: string[];
}

function formatOf(fileName: string): 'csv' | 'parquet' | 'xlsx' {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv' || extension === 'txt') return 'csv';
  if (extension === 'parquet' || extension === 'xlsx') return extension;
  throw invalidRequest(
    `Unsupported file type ${extension ?? '(none)'}: use .csv, .parquet or .xlsx`,
  );
}

interface Upload {
  path: string;
  fileName: string;
}

/** Where an XLSX upload's sheet is written as CSV. */
const csvBeside = (upload: Upload) => `${upload.path}.csv`;

/** An XLSX upload goes the CSV way: its first sheet is written beside it as CSV. */
async function readable(upload: Upload, limits: ImportLimits, signal: AbortSignal) {
  if (formatOf(upload.fileName) !== 'xlsx') return upload;
  const path = csvBeside(upload);
  await xlsxToCsv(upload.path, path, limits, signal);
  return { path, fileName: `${upload.fileName}.csv` };
}

function fileSourceOf(dataDir: DataDir, kept: KeptSource): FileSource {
  return { ...kept, path: sourceFile(dataDir, kept.fileName) };
}

/** Reads an imported table again from its kept file with corrected column types. */
export async function reimport(
  dataDir: DataDir,
  store: DatasetStore,
  source: Record<string, unknown>,
  before: TableDefinition,
  after: TableDefinition,
): Promise<void> {
  const names = (table: TableDefinition) => table.columns.map((column) => column.name).sort();
  if (names(before).join('\u0000') !== names(after).join('\u0000'))
    throw invalidRequest(`An imported table keeps its file's columns: ${names(before).join(', ')}`);
  await rewriteImportedTable(store, fileSourceOf(dataDir, source as unknown as KeptSource), after);
}

/**
 * Imports that read their file at once; the others wait (import-gate.ts). One import of the
 * moderate XLSX bomb (500 MB of sheet XML, inside the default limits) took the process to 632–796
 * MB, so a second beside it could pass 1 GB.
 */
const IMPORTS_AT_ONCE = 1;

interface Dependencies {
  repository: OwnedDatasetsRepository<DatasetDefinition>;
  imports: ImportsRepository;
  registry: DatasetRegistry;
  dataDir: DataDir;
  limits: ImportLimits;
}

export function createImportService({
  repository,
  imports,
  registry,
  dataDir,
  limits,
}: Dependencies) {
  const runs = createImportRuns(limits);
  const gate = createImportGate(IMPORTS_AT_ONCE);

  /** Loads the uploaded file into the dataset (new or replaced); returns its definition. */
  async function load(
    member: DatasetWriter,
    name: string,
    upload: Upload,
    conflict: NameConflict,
    signal: AbortSignal,
  ) {
    const format = formatOf(upload.fileName) === 'parquet' ? 'parquet' : 'csv';
    const existing = await repository.findByName(member.workspace.id, name);
    if (existing && existing.sourceKind !== 'import')
      throw invalidRequest(`Dataset ${name} exists and is not an imported dataset`);
    if (existing && conflict === 'Abort')
      throw invalidRequest(`Dataset ${name} already exists (nameConflict=Abort)`);
    const id = existing?.id ?? newGuid();
    const dialect = format === 'csv' ? detectCsvDialect(upload.path) : undefined;
    if (dialect) checkColumns(dialect.columns.length, limits);
    const kept: KeptSource = {
      format,
      fileName: `${id}.source.${format}`,
      decimalComma: [],
      ...(dialect ? { dialect } : {}),
    };
    const staged: FileSource = { ...kept, path: upload.path };
    const store =
      (existing && registry.get(existing.id)?.store) ??
      (await DatasetStore.open(
        { id, name, tables: [], relationships: [] },
        datasetFile(dataDir, id),
      ));
    try {
      const { table, decimalComma } = await writeImportedTable(store, staged, name, limits, signal);
      kept.decimalComma = decimalComma;
      const definition = withFittingMeasures(existing?.definition, {
        id,
        name,
        tables: [table],
        relationships: [],
      });
      renameSync(upload.path, sourceFile(dataDir, kept.fileName));
      const source = kept as unknown as Record<string, unknown>;
      let version = 1;
      if (existing) version = await repository.recordWrite(id, definition, source);
      else
        await repository.insert(member.workspace.id, {
          sourceKind: 'import',
          definition,
          retention: 'None',
          source,
        });
      registry.add(store, definition, version);
      return definition;
    } catch (error) {
      if (!existing) {
        store.close();
        removeDatasetFiles(dataDir, id);
      }
      throw error;
    }
  }

  /** Records the import, loads the received file and records how it ended. */
  async function importReceived(
    member: DatasetWriter,
    request: { name: string; upload: Upload; conflict: NameConflict },
    signal: AbortSignal,
  ): Promise<ImportRow> {
    const importId = newGuid();
    await imports.start(importId, member.workspace.id, request.name);
    try {
      const definition = await gate(signal, async () => {
        const upload = await readable(request.upload, limits, signal);
        return load(member, request.name, upload, request.conflict, signal);
      });
      return (await imports.finish(importId, { datasetId: definition.id }))!;
    } catch (error) {
      const message = error instanceof PowerBiError ? error.message : 'The import failed';
      await imports.finish(importId, { error: message });
      throw error;
    }
  }

  return {
    /**
     * `POST …/imports`: receives the file and imports it, within the limits. `client` aborts when
     * the caller goes away. Whatever happens, the upload and what was made of it are gone after.
     */
    async importFile(
      member: DatasetWriter,
      request: {
        name: string;
        file: { stream: Readable; fileName: string };
        conflict: NameConflict;
      },
      client: AbortSignal,
    ): Promise<ImportRow> {
      assertWriter(member);
      formatOf(request.file.fileName);
      return runs.run(client, async (signal) => {
        const upload = {
          path: sourceFile(dataDir, `${newGuid()}.upload`),
          fileName: request.file.fileName,
        };
        try {
          await receiveUpload(request.file.stream, upload.path, limits, signal);
          if (statSync(upload.path).size === 0) throw invalidRequest('The file is empty');
          return await importReceived(member, { ...request, upload }, signal);
        } finally {
          for (const path of [upload.path, csvBeside(upload)]) rmSync(path, { force: true });
        }
      });
    },

    /** Cancels the imports under way (the service is shutting down) and waits for them to end. */
    cancelAll: () => runs.cancelAll(),

    listImports(member: DatasetWriter): Promise<ImportRow[]> {
      return imports.list(member.workspace.id);
    },

    async getImport(member: DatasetWriter, importId: string): Promise<ImportRow> {
      const row = await imports.get(importId);
      if (!row || row.workspaceId !== member.workspace.id) throw entityNotFound('Import');
      return row;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
