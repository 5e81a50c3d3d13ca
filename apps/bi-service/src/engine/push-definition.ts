/**
 * Power BI push dataset shapes ↔ the service's dataset definitions. Checking happens here, before
 * anything is stored: unique names, measures the measure language can read over known columns,
 * relationships between known columns.
 */
import type { DataType, PushDataType, PushRelationship, PushTable } from '@vitrina/bi-model';
import { invalidRequest } from '../http/powerbi-error.ts';
import { parseMeasure, type MeasureNode } from './measure-language.ts';
import type { DatasetDefinition, RelationshipDefinition, TableDefinition } from './model.ts';

/** Columns whose name starts so are the service's own (the FIFO row order). */
export const RESERVED_PREFIX = '__vitrina';

const fromPushType: Record<PushDataType, DataType> = {
  Int64: 'integer',
  Double: 'number',
  Decimal: 'number',
  Boolean: 'boolean',
  Date: 'date',
  DateTime: 'datetime',
  String: 'string',
};

const toPushType: Record<DataType, PushDataType> = {
  integer: 'Int64',
  number: 'Double',
  boolean: 'Boolean',
  date: 'Date',
  datetime: 'DateTime',
  string: 'String',
};

function assertUnique(names: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) throw invalidRequest(`Duplicate ${what} name ${name}`);
    seen.add(key);
  }
}

function aggregatesOf(node: MeasureNode): { table: string; column: string }[] {
  if (node.kind === 'aggregate') return [node];
  if (node.kind === 'binary') return [...aggregatesOf(node.left), ...aggregatesOf(node.right)];
  return [];
}

/** Throws InvalidRequest unless `table` has `column` (names as Power BI errors spell them). */
export function assertColumn(
  tables: readonly TableDefinition[],
  table: string,
  column: string,
): void {
  const found = tables.find((candidate) => candidate.name === table);
  if (!found) throw invalidRequest(`Unknown table ${table}`);
  if (!found.columns.some((candidate) => candidate.name === column))
    throw invalidRequest(`Unknown column ${column} in table ${table}`);
}

/** One pushed table as a definition (measures are checked once every table is known). */
export function tableFromPush(table: PushTable): TableDefinition {
  assertUnique(
    table.columns.map((column) => column.name),
    `column in table ${table.name}`,
  );
  const reserved = table.columns.find((column) => column.name.startsWith(RESERVED_PREFIX));
  if (reserved) throw invalidRequest(`Column name ${reserved.name} is reserved`);
  return {
    name: table.name,
    columns: table.columns.map((column) => ({
      name: column.name,
      dataType: fromPushType[column.dataType],
      ...(column.formatString ? { format: column.formatString } : {}),
    })),
    measures: (table.measures ?? []).map((measure) => ({
      name: measure.name,
      expression: measure.expression,
      ...(measure.formatString ? { format: measure.formatString } : {}),
    })),
  };
}

/** Throws InvalidRequest unless every measure and relationship names known columns. */
export function assertConsistent(definition: DatasetDefinition): void {
  const { tables } = definition;
  assertUnique(
    tables.map((table) => table.name),
    'table',
  );
  for (const table of tables) {
    for (const measure of table.measures ?? []) {
      let node: MeasureNode;
      try {
        node = parseMeasure(measure.expression);
      } catch (error) {
        throw invalidRequest(`Measure ${measure.name}: ${(error as Error).message}`);
      }
      for (const reference of aggregatesOf(node))
        assertColumn(tables, reference.table, reference.column);
    }
  }
  for (const { from, to } of definition.relationships) {
    assertColumn(tables, from.table, from.column);
    assertColumn(tables, to.table, to.column);
  }
}

export function relationshipFromPush(relationship: PushRelationship): RelationshipDefinition {
  return {
    from: { table: relationship.fromTable, column: relationship.fromColumn },
    to: { table: relationship.toTable, column: relationship.toColumn },
  };
}

/** A stored table in Power BI's shape (Decimal reads back as Double). */
export function tableToPush(table: TableDefinition): PushTable {
  return {
    name: table.name,
    columns: table.columns.map((column) => ({
      name: column.name,
      dataType: toPushType[column.dataType],
      ...(column.format ? { formatString: column.format } : {}),
    })),
    measures: (table.measures ?? []).map((measure) => ({
      name: measure.name,
      expression: measure.expression,
      ...(measure.format ? { formatString: measure.format } : {}),
    })),
  };
}

/**
 * The measures of `previous` that still fit `fresh` (same table name, known columns), and its
 * row-level-security roles: a re-import or refresh keeps what was built on the data where it can,
 * and never drops a role (a filter left without its table hides every row; dataset-model.ts).
 */
export function withFittingMeasures(
  previous: DatasetDefinition | undefined,
  fresh: DatasetDefinition,
): DatasetDefinition {
  const tables = fresh.tables.map((table) => {
    const before = previous?.tables.find((candidate) => candidate.name === table.name);
    const measures = (before?.measures ?? []).filter((measure) => {
      try {
        assertConsistent({ ...fresh, tables: [{ ...table, measures: [measure] }] });
        return true;
      } catch {
        return false;
      }
    });
    return { ...table, measures };
  });
  return { ...fresh, tables, ...(previous?.roles ? { roles: previous.roles } : {}) };
}
