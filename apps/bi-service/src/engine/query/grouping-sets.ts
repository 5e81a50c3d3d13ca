/**
 * Grouped queries that read the same rows (the same fact table under the same WHERE), each by
 * its own grouping, answered by one scan (decision 0323): `GROUP BY GROUPING SETS` with one set
 * per distinct grouping, then each query's rows taken from its set, filtered by its measure
 * filters, sorted and cut as its own statement would, in one statement:
 *
 *   WITH sets AS MATERIALIZED (SELECT GROUPING(…) AS s, c0, c1, … FROM … WHERE … GROUP BY GROUPING SETS (…))
 *   SELECT * FROM (SELECT 0 AS q, row_number() OVER (ORDER BY …) AS n, c0, … FROM sets WHERE s = … AND <having>) WHERE n <= limit
 *   UNION ALL …  ORDER BY q, n
 *
 * The statement joins every table any of them joins, with inner joins (outer joins made the scan
 * three times dearer); a query that does not need a table gets the same rows only when that
 * table's join keeps every row exactly once, which the caller makes sure of (exact-joins.ts).
 */
import type { CellValue } from '../dataset-store.ts';
import type { RelationshipDefinition } from '../model.ts';
import { fromClause, joinedTables } from './join-plan.ts';
import { aliased, orderSql, type GroupedParts } from './plan-query.ts';
import { fragmentKey, join, quoteIdentifier, raw, sql, type Fragment } from '../sql.ts';

/** GROUPING(…)'s bits are a 64-bit integer; far more columns than any page groups by. */
const MAX_GROUP_COLUMNS = 30;

/** Queries with equal keys read the same rows: same base table, same WHERE. */
export const sameRowsKey = (parts: GroupedParts) =>
  `${parts.plan.base}\u0000${fragmentKey(parts.where)}`;

/**
 * Whether a query's groups can be a grouping set: a bound value in a group would make DuckDB
 * unable to match the SELECT's expression with the GROUP BY's.
 */
export const canShareGroups = (parts: GroupedParts) =>
  parts.groups.every((group) => group.params.length === 0);

/**
 * `members` split into groups that can each share one scan: a join that some members of a group
 * make and others do not must keep every row exactly once (`exact`), so a member that does not
 * need its table still gets its own rows. A join not known exact splits the members into those
 * that make it and those that do not, and each side is split again as needed.
 */
export function splitAtInexactJoins<T>(
  members: readonly T[],
  partsOf: (member: T) => GroupedParts,
  exact: (join: RelationshipDefinition) => boolean,
): T[][] {
  if (members.length < 2) return [[...members]];
  const joined = members.map((member) =>
    joinedTables(partsOf(member).plan, partsOf(member).tables),
  );
  const { reachable } = partsOf(members[0]!).plan;
  const notShared = [...new Set(joined.flatMap((tables) => [...tables]))].filter((table) =>
    joined.some((tables) => !tables.has(table)),
  );
  // Every such join is asked about (which starts its check), not only the first that splits.
  const inexact = notShared.filter((table) => {
    const relationship = reachable.get(table);
    return relationship && !exact(relationship);
  });
  const [splitting] = inexact;
  if (splitting === undefined) return [[...members]];
  const making = members.filter((_, index) => joined[index]!.has(splitting));
  const notMaking = members.filter((_, index) => !joined[index]!.has(splitting));
  return [
    ...splitAtInexactJoins(making, partsOf, exact),
    ...splitAtInexactJoins(notMaking, partsOf, exact),
  ];
}

/** Distinct expressions, each computed once as a column `c<index>` of the sets. */
class Columns {
  readonly expressions: Fragment[] = [];
  private readonly indexes = new Map<string, number>();

  indexOf(expression: Fragment): number {
    const key = fragmentKey(expression);
    let index = this.indexes.get(key);
    if (index === undefined) {
      index = this.expressions.length;
      this.expressions.push(expression);
      this.indexes.set(key, index);
    }
    return index;
  }
}

const column = (index: number) => raw(quoteIdentifier(`c${index}`));

/**
 * One statement answering every member (at least two, all with equal `sameRowsKey` and
 * `canShareGroups`), or undefined when they group by too many columns for one; per member, its
 * rows as its own statement returns them (groups then measures, its order, its limit).
 */
export function shareGroupingSets(
  members: readonly GroupedParts[],
  rowsOf: (statement: Fragment) => Promise<CellValue[][]>,
): Promise<CellValue[][]>[] | undefined {
  // Group columns first, so that GROUPING's arguments are columns 0…groupCount-1.
  const columns = new Columns();
  const groupIndexes = members.map((member) => member.groups.map((g) => columns.indexOf(g)));
  const groupCount = columns.expressions.length;
  if (groupCount > MAX_GROUP_COLUMNS) return undefined;
  const groupExpressions = [...columns.expressions];

  const shapes = members.map((member, position) => ({
    groups: groupIndexes[position]!,
    measures: member.measures.map((measure) => columns.indexOf(measure)),
    having: member.having.map((condition) => columns.indexOf(condition)),
    order: member.order.map((term) => ({ ...term, key: column(columns.indexOf(term.key)) })),
  }));
  // A set is the distinct columns a member groups by, in no particular order.
  const setOf = (groups: number[]) => [...new Set(groups)].sort((a, b) => a - b);
  const sets = [...new Map(shapes.map((s) => [setOf(s.groups).join(), setOf(s.groups)])).values()];
  // GROUPING(c0…cN) sets the bit of each argument not grouped in the row's set, c0 highest.
  const groupingOf = (set: number[]) =>
    Array.from({ length: groupCount }, (_, index) => index)
      .filter((index) => !set.includes(index))
      .reduce((bits, index) => bits + 2 ** (groupCount - 1 - index), 0);

  const groupingSets = sets.map(
    (set) =>
      sql`(${join(
        set.map((index) => groupExpressions[index]!),
        ', ',
      )})`,
  );
  const first = members[0]!;
  const tables = new Set(members.flatMap((member) => [...member.tables]));
  const grouped = [
    sql`SELECT GROUPING(${join(groupExpressions, ', ')}) AS "s"`,
    ...columns.expressions.map((expression, index) => aliased(expression, `c${index}`)),
  ];
  const sharedScan = join(
    [
      join(grouped, ', '),
      fromClause(first.plan, tables),
      ...(first.where.sql ? [sql`WHERE ${first.where}`] : []),
      sql`GROUP BY GROUPING SETS (${join(groupingSets, ', ')})`,
    ],
    ' ',
  );
  const allColumns = join(
    columns.expressions.map((_, index) => column(index)),
    ', ',
  );
  const branches = shapes.map((shape, position) => {
    const conditions = [
      raw(`"s" = ${groupingOf(setOf(shape.groups))}`),
      ...shape.having.map(column),
    ];
    const order = join(shape.order.map(orderSql), ', ');
    return sql`SELECT * FROM (SELECT ${raw(String(position))} AS "q", row_number() OVER (ORDER BY ${order}) AS "n", ${allColumns} FROM sets WHERE ${join(conditions, ' AND ')}) WHERE "n" <= ${raw(String(members[position]!.rowLimit))}`;
  });
  const rows = rowsOf(
    sql`WITH sets AS MATERIALIZED (${sharedScan}) ${join(branches, ' UNION ALL ')} ORDER BY "q", "n"`,
  );
  // Each row: q, n, then the columns.
  return shapes.map((shape, position) =>
    rows.then((all) =>
      all
        .filter((row) => row[0] === position)
        .map((row) => [...shape.groups, ...shape.measures].map((index) => row[index + 2]!)),
    ),
  );
}
