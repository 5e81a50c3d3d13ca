/**
 * Loads a dataset's tables from CSV or Parquet files into its DuckDB database, casting every
 * column to the type its definition declares (a file that does not fit fails the load).
 */
import { VARCHAR } from '@duckdb/node-api';
import { quoteIdentifier } from './sql.ts';
import type { DatasetStore } from './dataset-store.ts';
import type { TableDefinition } from './model.ts';
import { duckTypes } from './table-writer.ts';

export interface TableSource {
  table: string;
  format: 'csv' | 'parquet';
  path: string;
}

function selectList(table: TableDefinition): string {
  return table.columns
    .map(
      (column) =>
        `CAST(${quoteIdentifier(column.name)} AS ${duckTypes[column.dataType]}) AS ${quoteIdentifier(column.name)}`,
    )
    .join(', ');
}

/** Replaces each source's table with the file's rows; the file path is a bound value. */
export async function loadTables(
  store: DatasetStore,
  sources: readonly TableSource[],
): Promise<void> {
  await store.withConnection(async (connection) => {
    for (const source of sources) {
      const table = store.definition.tables.find((candidate) => candidate.name === source.table);
      if (!table) throw new Error(`Dataset ${store.definition.name} has no table ${source.table}`);
      // CSV columns are read as text first so that the declared types, not sniffing, decide.
      const reader =
        source.format === 'csv'
          ? 'read_csv(?, header = true, all_varchar = true)'
          : 'read_parquet(?)';
      await connection.run(
        `CREATE OR REPLACE TABLE ${quoteIdentifier(table.name)} AS SELECT ${selectList(table)} FROM ${reader}`,
        [source.path],
        [VARCHAR],
      );
    }
  });
}
