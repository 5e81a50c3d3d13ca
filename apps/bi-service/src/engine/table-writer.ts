/** Creates tables with the declared column types and writes rows into them with bound values. */
import { BOOLEAN, DOUBLE, VARCHAR, type DuckDBConnection, type DuckDBType } from '@duckdb/node-api';
import type { DataType } from '@vitrina/bi-model';
import { quoteIdentifier, type SqlValue } from './sql.ts';
import type { TableDefinition } from './model.ts';

export const duckTypes: Record<DataType, string> = {
  string: 'VARCHAR',
  integer: 'BIGINT',
  number: 'DOUBLE',
  date: 'DATE',
  datetime: 'TIMESTAMP',
  boolean: 'BOOLEAN',
};

export function bindType(value: SqlValue): DuckDBType {
  if (typeof value === 'string') return VARCHAR;
  if (typeof value === 'boolean') return BOOLEAN;
  return DOUBLE;
}

async function createTable(connection: DuckDBConnection, table: TableDefinition): Promise<void> {
  const columns = table.columns.map(
    (column) => `${quoteIdentifier(column.name)} ${duckTypes[column.dataType]}`,
  );
  await connection.run(
    `CREATE OR REPLACE TABLE ${quoteIdentifier(table.name)} (${columns.join(', ')})`,
  );
}

/** Creates `table` and inserts `rows` (values in column order) in one statement. */
export async function writeTable(
  connection: DuckDBConnection,
  table: TableDefinition,
  rows: readonly SqlValue[][],
): Promise<void> {
  await createTable(connection, table);
  if (rows.length === 0) return;
  const placeholders = `(${table.columns.map(() => '?').join(', ')})`;
  const values = rows.flat();
  await connection.run(
    `INSERT INTO ${quoteIdentifier(table.name)} VALUES ${rows.map(() => placeholders).join(', ')}`,
    values,
    values.map(bindType),
  );
}
