/**
 * The one DAX query the service answers over `executeQueries` (decision 0244):
 * `EVALUATE TOPN(n, 'Table')`, a table's first rows as stored, for a preview of what an import
 * read. Rows are keyed `Table[Column]`, as Power BI answers; a date and time keeps its clock.
 */
import { executeQueriesKey } from '@vitrina/bi-model';
import { invalidRequest } from '../http/powerbi-error.ts';
import type { CellValue, DatasetStore } from './dataset-store.ts';
import type { TableDefinition } from './model.ts';
import { raw, quoteIdentifier, sql } from './sql.ts';

/** No preview needs more; a larger n is read as this many. */
const MAX_FIRST_ROWS = 1000;
const topN = /^\s*EVALUATE\s+TOPN\s*\(\s*(\d{1,9})\s*,\s*'((?:[^']|'')+)'\s*\)\s*$/i;

/** The table and row count a query asks for; any other DAX is refused in Power BI's shape. */
export function parseFirstRowsQuery(query: string): { table: string; rows: number } {
  const match = topN.exec(query);
  if (!match)
    throw invalidRequest(`Only EVALUATE TOPN(n, 'Table') is supported by this service: ${query}`);
  return {
    rows: Math.min(Number(match[1]), MAX_FIRST_ROWS),
    table: match[2]!.replaceAll("''", "'"),
  };
}

export async function firstRows(
  store: DatasetStore,
  table: TableDefinition,
  rows: number,
): Promise<Record<string, CellValue>[]> {
  // The declared columns only: a push table's own row-order column stays hidden.
  const columns = table.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  const cells = await store.query(
    sql`SELECT ${raw(columns)} FROM ${raw(quoteIdentifier(table.name))} LIMIT ${raw(String(rows))}`,
  );
  return cells.map((row) =>
    Object.fromEntries(
      table.columns.map((column, index) => {
        const cell = row[index] ?? null;
        const value =
          column.dataType === 'datetime' && typeof cell === 'string'
            ? cell.replace(' ', 'T')
            : cell;
        return [executeQueriesKey(table.name, column.name), value];
      }),
    ),
  );
}
