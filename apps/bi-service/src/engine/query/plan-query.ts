/**
 * Plans a frame query as one DuckDB SELECT: the fact table (the measures' table) joined to the
 * dimensions it needs, filters as WHERE (columns) or HAVING (measures), row-level security,
 * grouping, order and limit. Top N filters become a subquery planned the same way.
 */
import type {
  DataType,
  DatePart,
  Filter,
  ParsedQuery,
  QueryResult,
  TopNFilter,
} from '@vitrina/bi-model';
import type { DatasetModel, ResolvedColumn, ResolvedMeasure } from '../dataset-model.ts';
import {
  advancedCondition,
  basicCondition,
  dateRangeCondition,
  includeExcludeCondition,
  TRUE,
} from './filter-conditions.ts';
import { fromClause, planJoins, type JoinPlan } from './join-plan.ts';
import { QueryError } from '../query-error.ts';
import { relativeDateRange } from './relative-date.ts';
import { rowSecurityCondition, type EffectiveIdentity } from './row-security.ts';
import { columnSql, join, quoteIdentifier, raw, sql, type Fragment } from '../sql.ts';

export interface QueryContext {
  model: DatasetModel;
  identity?: EffectiveIdentity;
  /** "Today" for relative date filters (UTC date). */
  today: Date;
}

export interface PlannedQuery {
  statement: Fragment;
  columns: QueryResult['columns'];
  /**
   * Set when the statement answers exactly one row, whatever the data (aggregates without
   * grouping or measure filter: a card, a KPI's total): its measures and the rows they read
   * (`FROM … WHERE …`), which another such query over the same rows can share (run-page.ts).
   */
  oneRow?: { measures: Fragment[]; source: Fragment };
  /**
   * Set when the statement groups (without a top N kept as a window): its parts, which another
   * grouped query over the same rows can compute in the same scan as one of its grouping sets
   * (grouping-sets.ts, decision 0323).
   */
  grouped?: GroupedParts;
}

/** A grouped statement taken apart: `SELECT groups, measures FROM … WHERE where GROUP BY … `. */
export interface GroupedParts {
  plan: JoinPlan;
  /** The tables its rows need (each joined through its path). */
  tables: ReadonlySet<string>;
  /** Its WHERE conditions joined by AND (empty text: none). */
  where: Fragment;
  groups: Fragment[];
  measures: Fragment[];
  having: Fragment[];
  order: OrderTerm[];
  rowLimit: number;
}

export interface Scope {
  plan: JoinPlan;
  where: Fragment[];
  having: Fragment[];
  /** A top N on the query's own single grouping, kept as a window over the grouped rows. */
  qualify?: Fragment;
  tables: Set<string>;
}

function resolveTarget(model: DatasetModel, filter: Filter): ResolvedColumn | ResolvedMeasure {
  return model.resolveField(filter.target);
}

function columnFilter(
  context: QueryContext,
  filter: Filter,
  target: ResolvedColumn,
  others: Filter[],
): Fragment {
  switch (filter.filterType) {
    case 4:
      return dateRangeCondition(target, relativeDateRange(filter, context.today));
    case 5:
      return topNCondition(context, filter, target, others);
    case 3:
      return includeExcludeCondition(target, filter);
    default:
      return 'logicalOperator' in filter
        ? advancedCondition(target, filter)
        : basicCondition(target, filter);
  }
}

function measureFilter(filter: Filter, target: ResolvedMeasure): Fragment {
  if (filter.filterType === 4 || filter.filterType === 5) {
    throw new QueryError(`This filter cannot target a measure: ${target.label}`);
  }
  if (filter.filterType === 3) return includeExcludeCondition(target, filter);
  return 'logicalOperator' in filter
    ? advancedCondition(target, filter)
    : basicCondition(target, filter);
}

const sameColumn = (a: ResolvedColumn, b: ResolvedColumn) =>
  a.table === b.table && a.column.name === b.column.name && a.datePart === b.datePart;

/**
 * When a top N filter targets the query's only grouping, the grouped rows are already the
 * ranking: `QUALIFY row_number() OVER (ORDER BY measure) <= N` keeps the same rows as the
 * subquery below with one aggregation instead of two. Undefined when that does not apply.
 */
function topNWindow(
  context: QueryContext,
  filter: TopNFilter,
  target: ResolvedColumn,
  groups: ResolvedColumn[],
  reachable: ReadonlyMap<string, unknown>,
): Fragment | undefined {
  const [only] = groups;
  if (groups.length !== 1 || !only || !sameColumn(only, target)) return undefined;
  const orderBy = context.model.resolveMeasure(filter.orderBy);
  if (![...orderBy.tables].every((table) => reachable.has(table))) return undefined;
  const direction = raw(filter.operator === 'Top' ? 'DESC' : 'ASC');
  return sql`row_number() OVER (ORDER BY ${orderBy.expression} ${direction} NULLS LAST, ${target.value} ASC) <= ${raw(String(filter.itemCount))}`;
}

/** `target IN (the top N values of target by orderBy, under the other filters)`. */
function topNCondition(
  context: QueryContext,
  filter: TopNFilter,
  target: ResolvedColumn,
  others: Filter[],
): Fragment {
  const ranking = planSelect(
    context,
    {
      groupBy: [filter.target],
      measures: [filter.orderBy],
      filters: others.filter((other) => other.filterType !== 5),
      orderBy: [
        { field: filter.orderBy, direction: filter.operator === 'Top' ? 2 : 1 },
        { field: filter.target, direction: 1 },
      ],
    },
    filter.itemCount,
  );
  return sql`${target.value} IN (SELECT "g0" FROM (${ranking.statement}) AS top_n)`;
}

function buildScope(
  context: QueryContext,
  query: ParsedQuery,
  groups: ResolvedColumn[],
  measures: ResolvedMeasure[],
  windowTopN: boolean,
): Scope {
  const { model } = context;
  const filters = query.filters ?? [];
  const targets = filters.map((filter) => resolveTarget(model, filter));
  const measureTables = [
    ...measures,
    ...targets.filter((t): t is ResolvedMeasure => t.kind === 'measure'),
  ].flatMap((measure) => [...measure.tables]);
  const required = new Set([...measureTables, ...groups.map((group) => group.table)]);
  const candidates = [...new Set([...measureTables, ...groups.map((group) => group.table)])];
  if (candidates.length === 0) throw new QueryError('A query needs at least one field');
  const plan = planJoins(candidates, required, model.relationships);

  const tables = new Set(required);
  const where: Fragment[] = [];
  const having: Fragment[] = [];
  let qualify: Fragment | undefined;
  const topNCount = filters.filter((filter) => filter.filterType === 5).length;
  filters.forEach((filter, index) => {
    const target = targets[index]!;
    if (target.kind === 'measure') {
      having.push(measureFilter(filter, target));
      return;
    }
    // Filters on tables the query cannot reach do not apply (single-direction filtering).
    if (!plan.reachable.has(target.table)) return;
    if (filter.filterType === 5 && topNCount === 1 && windowTopN) {
      qualify = topNWindow(context, filter, target, groups, plan.reachable);
      if (qualify) {
        model.resolveMeasure(filter.orderBy).tables.forEach((table) => tables.add(table));
        return;
      }
    }
    const condition = columnFilter(
      context,
      filter,
      target,
      filters.filter((_, other) => other !== index),
    );
    // A filter that keeps every row (a report's `All`) joins nothing: its table's join would
    // cost a scan and only drop the fact rows that table has no match for (decision 0307).
    if (condition === TRUE) return;
    tables.add(target.table);
    where.push(condition);
  });
  const security = rowSecurityCondition(model, context.identity, new Set(plan.reachable.keys()));
  if (security) {
    security.tables.forEach((table) => tables.add(table));
    where.push(security.condition);
  }
  return { plan, where, having, tables, ...(qualify ? { qualify } : {}) };
}

/** One ORDER BY term: the value sorted on and its direction (NULLS LAST either way). */
export interface OrderTerm {
  key: Fragment;
  direction: 'ASC' | 'DESC';
}

export const orderSql = ({ key, direction }: OrderTerm): Fragment =>
  sql`${key} ${raw(direction)} NULLS LAST`;

/** ORDER BY: explicit fields, else the groups in order (by their sort-by column when they have one). */
function orderClause(
  model: DatasetModel,
  query: ParsedQuery,
  groups: ResolvedColumn[],
): OrderTerm[] {
  const groupKey = (group: ResolvedColumn): Fragment =>
    group.column.sortBy && !group.datePart
      ? sql`MIN(${columnSql(group.table, group.column.sortBy)})`
      : group.value;
  if (!query.orderBy || query.orderBy.length === 0)
    return groups.map((group) => ({ key: groupKey(group), direction: 'ASC' }));
  return query.orderBy.map(({ field, direction }) => {
    const resolved = model.resolveField(field);
    const direction_ = direction === 2 ? 'DESC' : 'ASC';
    if (resolved.kind === 'measure') return { key: resolved.expression, direction: direction_ };
    const group = groups.find((g) => sameColumn(g, resolved));
    if (!group)
      throw new QueryError(
        `Sort field must be grouped: ${resolved.table}[${resolved.column.name}]`,
      );
    return { key: groupKey(group), direction: direction_ };
  });
}

/**
 * The query's fields resolved against the model, and the scope they are read in. `windowTopN`
 * allows the QUALIFY form of top N, which only a grouped statement can use.
 */
export function resolveQuery(context: QueryContext, query: ParsedQuery, windowTopN: boolean) {
  const groups = query.groupBy.map((ref) => context.model.resolveColumn(ref));
  const measures = query.measures.map((ref) => context.model.resolveMeasure(ref));
  return { groups, measures, scope: buildScope(context, query, groups, measures, windowTopN) };
}

/** `FROM … [WHERE …]`: the rows a statement reads. */
function source(scope: Scope): Fragment {
  const parts = [fromClause(scope.plan, scope.tables)];
  if (scope.where.length > 0) parts.push(sql`WHERE ${join(scope.where, ' AND ')}`);
  return join(parts, ' ');
}

/** `SELECT … FROM … [WHERE …]`: the start every statement shares. */
export function selectFrom(selected: Fragment[], scope: Scope): Fragment[] {
  return [sql`SELECT ${join(selected, ', ')}`, source(scope)];
}

export const aliased = (expression: Fragment, alias: string): Fragment =>
  sql`${expression} AS ${raw(quoteIdentifier(alias))}`;

export const columnMetadata = (
  name: string,
  type: DataType,
  format?: string,
  datePart?: DatePart,
) => ({
  name,
  type,
  ...(format ? { format } : {}),
  ...(datePart ? { datePart } : {}),
});

/** The SELECT for `query`, returning at most `rowLimit` rows; groups are aliased g0…, measures m0…. */
export function planSelect(
  context: QueryContext,
  query: ParsedQuery,
  rowLimit: number,
): PlannedQuery {
  const { groups, measures, scope } = resolveQuery(context, query, true);
  const groupColumns = groups.map((group) => group.value);
  const parts = selectFrom(
    [
      ...groupColumns.map((column, index) => aliased(column, `g${index}`)),
      ...measures.map((measure, index) => aliased(measure.expression, `m${index}`)),
    ],
    scope,
  );
  if (groups.length > 0) parts.push(sql`GROUP BY ${join(groupColumns, ', ')}`);
  if (scope.having.length > 0) parts.push(sql`HAVING ${join(scope.having, ' AND ')}`);
  if (scope.qualify) parts.push(sql`QUALIFY ${scope.qualify}`);
  const order = orderClause(context.model, query, groups);
  if (order.length > 0) parts.push(sql`ORDER BY ${join(order.map(orderSql), ', ')}`);
  parts.push(raw(`LIMIT ${Math.trunc(rowLimit)}`));
  // A measure reads a table only through an aggregate, so each of these is one: one row.
  const oneRow =
    groups.length === 0 &&
    scope.having.length === 0 &&
    measures.length > 0 &&
    measures.every((measure) => measure.tables.size > 0);
  return {
    statement: join(parts, ' '),
    columns: [
      ...groups.map((g) => columnMetadata(g.label, g.type, g.format, g.datePart)),
      ...measures.map((m) => columnMetadata(m.label, m.type, m.format)),
    ],
    ...(oneRow
      ? { oneRow: { measures: measures.map((m) => m.expression), source: source(scope) } }
      : {}),
    ...(groups.length > 0 && !scope.qualify
      ? {
          grouped: {
            plan: scope.plan,
            tables: scope.tables,
            where: join(scope.where, ' AND '),
            groups: groupColumns,
            measures: measures.map((measure) => measure.expression),
            having: scope.having,
            order,
            rowLimit: Math.trunc(rowLimit),
          },
        }
      : {}),
  };
}
