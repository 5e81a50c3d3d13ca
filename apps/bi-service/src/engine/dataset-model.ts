/**
 * A dataset definition indexed for planning: every name the frame sends is looked up here, so
 * only names that exist in the schema ever reach SQL (and then quoted).
 */
import {
  isDateType,
  type Aggregation,
  type DataType,
  type DatePart,
  type FieldRef,
} from '@vitrina/bi-model';
import { datePartLabels, datePartSql } from './date-parts.ts';
import type {
  ColumnDefinition,
  DatasetDefinition,
  RelationshipDefinition,
  RoleDefinition,
  RoleTableFilter,
} from './model.ts';
import { parseMeasure, type MeasureNode } from './measure-language.ts';
import { QueryError } from './query-error.ts';
import { columnSql, param, raw, sql, type Fragment } from './sql.ts';

export interface ResolvedColumn {
  kind: 'column';
  table: string;
  column: ColumnDefinition;
  /** The grouped value: the column, or the part of the date a hierarchy level asks for. */
  value: Fragment;
  type: DataType;
  datePart?: DatePart;
  label: string;
  format?: string;
}

export interface ResolvedMeasure {
  kind: 'measure';
  /** Tables whose columns the aggregate reads: the query must reach them from its base table. */
  tables: ReadonlySet<string>;
  expression: Fragment;
  type: DataType;
  label: string;
  format?: string;
}

/** How Power BI's Spanish interface names an aggregated column ("Suma de Importe"). */
const aggregationLabels: Record<Aggregation, string> = {
  Sum: 'Suma',
  Avg: 'Promedio',
  Min: 'Mínimo',
  Max: 'Máximo',
  Count: 'Recuento',
  DistinctCount: 'Recuento distinto',
};

/**
 * A row-level-security role as this model can enforce it. Roles outlive the data they were checked
 * against (a re-import or refresh keeps them; decision 0170), so the model sorts them when it is
 * built: a role with a filter on a table the model does not have shows no rows at all, rather than
 * letting the rest through (row security fails closed). A filter on a column its table no longer
 * has fails the query that reaches the table, as any unknown column does (`resolveColumn`).
 */
export type ModelRole =
  | { name: string; showsNothing: true }
  | { name: string; showsNothing: false; filters: readonly RoleTableFilter[] };

function defaultAggregation(dataType: DataType): Aggregation {
  return dataType === 'integer' || dataType === 'number' ? 'Sum' : 'Count';
}

export class DatasetModel {
  readonly definition: DatasetDefinition;
  private readonly columns = new Map<string, Map<string, ColumnDefinition>>();
  private readonly measures = new Map<
    string,
    Map<string, { node: MeasureNode; format?: string }>
  >();
  private readonly hierarchies = new Map<string, Map<string, Map<string, string>>>();
  /** The definition's roles by name, in its order. */
  readonly roles: ReadonlyMap<string, ModelRole>;

  constructor(definition: DatasetDefinition) {
    this.definition = definition;
    for (const table of definition.tables) {
      this.columns.set(table.name, new Map(table.columns.map((column) => [column.name, column])));
      this.hierarchies.set(
        table.name,
        new Map(
          (table.hierarchies ?? []).map((h) => [
            h.name,
            new Map(h.levels.map((l) => [l.name, l.column])),
          ]),
        ),
      );
    }
    // Measures are parsed and checked once, so a broken definition fails at start, not per query.
    for (const table of definition.tables) {
      const byName = new Map<string, { node: MeasureNode; format?: string }>();
      for (const measure of table.measures ?? []) {
        const node = parseMeasure(measure.expression);
        this.compileNode(node);
        byName.set(measure.name, { node, ...(measure.format ? { format: measure.format } : {}) });
      }
      this.measures.set(table.name, byName);
    }
    for (const relationship of definition.relationships) {
      this.column(relationship.from.table, relationship.from.column);
      this.column(relationship.to.table, relationship.to.column);
    }
    this.roles = new Map((definition.roles ?? []).map((role) => [role.name, this.modelRole(role)]));
  }

  get relationships(): readonly RelationshipDefinition[] {
    return this.definition.relationships;
  }

  private hasTable(table: string): boolean {
    return this.columns.has(table);
  }

  private modelRole({ name, filters }: RoleDefinition): ModelRole {
    return filters.every((filter) => this.hasTable(filter.table))
      ? { name, showsNothing: false, filters }
      : { name, showsNothing: true };
  }

  column(table: string, column: string): ColumnDefinition {
    const tableColumns = this.columns.get(table);
    if (!tableColumns) throw new QueryError(`Unknown table: ${table}`);
    const found = tableColumns.get(column);
    if (!found) throw new QueryError(`Unknown column: ${table}[${column}]`);
    return found;
  }

  /** A grouping field: a column or a hierarchy level (resolved to the level's column). */
  resolveColumn(ref: FieldRef): ResolvedColumn {
    if ('measure' in ref)
      throw new QueryError(`A measure cannot be used here: ${ref.table}[${ref.measure}]`);
    const columnName =
      'hierarchy' in ref
        ? this.levelColumn(ref.table, ref.hierarchy, ref.hierarchyLevel)
        : ref.column;
    const column = this.column(ref.table, columnName);
    const datePart = 'column' in ref ? ref.datePart : undefined;
    if (datePart && !isDateType(column.dataType))
      throw new QueryError(`A date level needs a date column: ${ref.table}[${columnName}]`);
    // A date level is a number: the column's own format (a date's) does not apply to it.
    const format =
      ('format' in ref ? ref.format : undefined) ?? (datePart ? undefined : column.format);
    const cell = columnSql(ref.table, columnName);
    const defaultLabel = datePart ? datePartLabels[datePart] : column.name;
    return {
      kind: 'column',
      table: ref.table,
      column,
      value: datePart ? datePartSql(datePart, cell) : cell,
      type: datePart ? 'integer' : column.dataType,
      ...(datePart ? { datePart } : {}),
      label: ref.displayName ?? ('hierarchy' in ref ? ref.hierarchyLevel : defaultLabel),
      ...(format ? { format } : {}),
    };
  }

  /** An aggregate field: a named measure or a column with an aggregation. */
  resolveMeasure(ref: FieldRef): ResolvedMeasure {
    if ('measure' in ref) {
      const measure = this.measures.get(ref.table)?.get(ref.measure);
      if (!this.hasTable(ref.table)) throw new QueryError(`Unknown table: ${ref.table}`);
      if (!measure) throw new QueryError(`Unknown measure: ${ref.table}[${ref.measure}]`);
      const compiled = this.compileNode(measure.node);
      const format = ref.format ?? measure.format;
      return {
        kind: 'measure',
        ...compiled,
        label: ref.displayName ?? ref.measure,
        ...(format ? { format } : {}),
      };
    }
    const column = this.resolveColumn(ref);
    const aggregation =
      ('aggregation' in ref ? ref.aggregation : undefined) ??
      defaultAggregation(column.column.dataType);
    const compiled = this.compileNode({
      kind: 'aggregate',
      aggregation,
      table: column.table,
      column: column.column.name,
    });
    const label = ref.displayName ?? `${aggregationLabels[aggregation]} de ${column.column.name}`;
    return {
      kind: 'measure',
      ...compiled,
      label,
      ...(column.format ? { format: column.format } : {}),
    };
  }

  resolveField(ref: FieldRef): ResolvedColumn | ResolvedMeasure {
    return 'measure' in ref || ('aggregation' in ref && ref.aggregation)
      ? this.resolveMeasure(ref)
      : this.resolveColumn(ref);
  }

  private levelColumn(table: string, hierarchy: string, level: string): string {
    const levels = this.hierarchies.get(table)?.get(hierarchy);
    if (!levels) throw new QueryError(`Unknown hierarchy: ${table}[${hierarchy}]`);
    const column = levels.get(level);
    if (!column) throw new QueryError(`Unknown hierarchy level: ${table}[${hierarchy}].${level}`);
    return column;
  }

  private compileNode(node: MeasureNode): {
    expression: Fragment;
    tables: Set<string>;
    type: DataType;
  } {
    switch (node.kind) {
      case 'number':
        return { expression: param(node.value), tables: new Set(), type: 'number' };
      case 'aggregate': {
        const column = this.column(node.table, node.column);
        const target = columnSql(node.table, node.column);
        return {
          ...aggregateSql(node.aggregation, target, column.dataType),
          tables: new Set([node.table]),
        };
      }
      case 'binary': {
        const left = this.compileNode(node.left);
        const right = this.compileNode(node.right);
        const expression =
          node.operator === '/'
            ? sql`(CAST(${left.expression} AS DOUBLE) / NULLIF(CAST(${right.expression} AS DOUBLE), 0))`
            : sql`(CAST(${left.expression} AS DOUBLE) ${raw(node.operator)} CAST(${right.expression} AS DOUBLE))`;
        return { expression, tables: new Set([...left.tables, ...right.tables]), type: 'number' };
      }
    }
  }
}

function aggregateSql(
  aggregation: Aggregation,
  target: Fragment,
  dataType: DataType,
): { expression: Fragment; type: DataType } {
  const numeric = dataType === 'integer' || dataType === 'number';
  switch (aggregation) {
    case 'Sum':
    case 'Avg':
      if (!numeric) throw new QueryError(`${aggregation} needs a numeric column`);
      return {
        expression: sql`CAST(${raw(aggregation === 'Sum' ? 'SUM' : 'AVG')}(${target}) AS DOUBLE)`,
        type: 'number',
      };
    case 'Min':
    case 'Max': {
      const call = sql`${raw(aggregation === 'Min' ? 'MIN' : 'MAX')}(${target})`;
      return numeric
        ? { expression: sql`CAST(${call} AS DOUBLE)`, type: 'number' }
        : { expression: call, type: dataType };
    }
    case 'Count':
      return { expression: sql`COUNT(${target})`, type: 'integer' };
    case 'DistinctCount':
      return { expression: sql`COUNT(DISTINCT ${target})`, type: 'integer' };
  }
}
