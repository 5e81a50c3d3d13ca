/**
 * Writing an imported file (CSV or Parquet, staged in DuckDB) into a dataset's table: types
 * inferred from the first rows, one direct read of a CSV when it fits, a text pass otherwise.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { TableDefinition } from './model.ts';
import type { DatasetStore } from './dataset-store.ts';
import { writeCsvDirect } from './csv-direct.ts';
import { stageFile, ValueDoesNotFit, writeStaged, type FileSource } from './file-staging.ts';
import { inferColumns, inferenceRows } from './infer-columns.ts';
import { checkColumns, parquetColumns, withinLimits, type ImportLimits } from './import-limits.ts';

/** Stages, then writes; the temporary stage table never outlives the call. */
async function withStage<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await connection.run('DROP TABLE IF EXISTS temp.__vitrina_stage');
  }
}

/**
 * Stages what comes before the write: a CSV's first rows, which type inference and the direct
 * read's checks use; a Parquet file whole, since it is always written from the stage.
 */
const stageFirst = (connection: DuckDBConnection, source: FileSource) =>
  stageFile(
    connection,
    source,
    source.format === 'csv'
      ? inferenceRows(source.dialect!.columns.length, source.path)
      : undefined,
  );

/**
 * Writes the file (staged by `stageFirst`) into `table`. A CSV that DuckDB's reader parses with
 * the table's types is read once; otherwise `writeStagedRows` writes the whole file, staged as
 * text. Answers the table as written (a column may have fallen back to text).
 */
async function writeFile(
  connection: DuckDBConnection,
  source: FileSource,
  table: TableDefinition,
  writeStagedRows: () => Promise<TableDefinition>,
  signal?: AbortSignal,
): Promise<TableDefinition> {
  if (source.format !== 'csv') return writeStagedRows();
  if (await writeCsvDirect(connection, source, table)) return table;
  // An interrupted direct read gives up as a misfit does: the text pass is not for it.
  signal?.throwIfAborted();
  await stageFile(connection, source);
  return writeStagedRows();
}

/**
 * Writes the staged rows with the inferred types. Types come from the first rows, so a later
 * value may not fit: that column falls back to text and the write is tried again.
 */
async function writeInferred(
  connection: DuckDBConnection,
  source: FileSource,
  table: TableDefinition,
): Promise<TableDefinition> {
  for (;;) {
    try {
      await writeStaged(connection, source, table);
      return table;
    } catch (error) {
      const column = error instanceof ValueDoesNotFit ? error.column : undefined;
      const inferred = table.columns.find((candidate) => candidate.name === column);
      if (!inferred || inferred.dataType === 'string') throw error;
      table = {
        ...table,
        columns: table.columns.map((candidate) =>
          candidate === inferred ? { name: candidate.name, dataType: 'string' } : candidate,
        ),
      };
    }
  }
}

/**
 * Imports `source` (at its upload path) as the table `name` of `store`, within `limits`; answers
 * the table as written and the columns read with a decimal comma (kept to read the file again).
 */
export async function writeImportedTable(
  store: DatasetStore,
  source: FileSource,
  name: string,
  limits: ImportLimits,
  signal: AbortSignal,
): Promise<{ table: TableDefinition; decimalComma: string[] }> {
  return store.withConnection((connection) =>
    withinLimits(connection, limits, signal, () =>
      withStage(connection, async () => {
        if (source.format === 'parquet')
          checkColumns(await parquetColumns(connection, source.path), limits);
        // Types come from the first rows; the whole file is read once more only when some
        // line or value needs the text pass.
        await stageFirst(connection, source);
        signal.throwIfAborted();
        const inferred = await inferColumns(connection, source);
        signal.throwIfAborted();
        const typed = { ...source, decimalComma: inferred.decimalComma };
        const table = { name, columns: inferred.columns };
        const write = () => writeInferred(connection, typed, table);
        const written = await writeFile(connection, typed, table, write, signal);
        return { table: written, decimalComma: inferred.decimalComma };
      }),
    ),
  );
}

/** Reads an imported table again from its kept file as `table` (corrected column types). */
export async function rewriteImportedTable(
  store: DatasetStore,
  file: FileSource,
  table: TableDefinition,
): Promise<void> {
  await store.withConnection((connection) =>
    withStage(connection, async () => {
      await stageFirst(connection, file);
      await writeFile(connection, file, table, async () => {
        await writeStaged(connection, file, table);
        return table;
      });
    }),
  );
}
