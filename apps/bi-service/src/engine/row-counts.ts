/** How many rows each table of a dataset holds now (the Vitrina `rowCount` of GetTables). */
import type { DatasetStore } from './dataset-store.ts';
import type { TableDefinition } from './model.ts';
import { join, param, quoteIdentifier, raw, sql } from './sql.ts';

/** One statement for every table: DuckDB answers `count(*)` from its row groups' metadata. */
export async function rowCounts(
  store: DatasetStore,
  tables: readonly TableDefinition[],
): Promise<Map<string, number>> {
  if (tables.length === 0) return new Map();
  const counts = tables.map(
    (table) =>
      sql`SELECT ${param(table.name)} AS name, count(*) AS rows FROM ${raw(quoteIdentifier(table.name))}`,
  );
  const rows = await store.query(join(counts, ' UNION ALL '));
  return new Map(rows.map(([name, count]) => [String(name), Number(count)]));
}
