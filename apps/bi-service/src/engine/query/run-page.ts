/**
 * A page's visual queries run together (decision 0307): planned one by one, then every group of
 * one-row queries over the same rows (a page's cards and KPI totals under the same filters) is
 * answered by one statement that computes all their measures in one scan, grouped queries over
 * the same rows share one scan as grouping sets when the joins allow it (decision 0323), and
 * identical statements (two visuals asking the same thing in different words) run once. Each
 * query still gets exactly the rows it would get alone.
 */
import { DEFAULT_QUERY_ROWS, type ParsedQuery, type QueryResult } from '@vitrina/bi-model';
import type { LoadedDataset } from '../registry.ts';
import type { CellValue } from '../dataset-store.ts';
import type { RelationshipDefinition } from '../model.ts';
import { aliased, planSelect, type PlannedQuery, type QueryContext } from './plan-query.ts';
import type { EffectiveIdentity } from './row-security.ts';
import { fragmentKey, join, sql, type Fragment } from '../sql.ts';
import { joinKnownExact } from './exact-joins.ts';
import {
  canShareGroups,
  sameRowsKey,
  shareGroupingSets,
  splitAtInexactJoins,
} from './grouping-sets.ts';

export interface RunOptions {
  identity?: EffectiveIdentity;
  today?: Date;
}

export function queryContext(dataset: LoadedDataset, options: RunOptions): QueryContext {
  return {
    model: dataset.model,
    today: options.today ?? new Date(),
    ...(options.identity ? { identity: options.identity } : {}),
  };
}

/** A query planned for its own statement, or the error its planning met. */
type Plan = { limit: number } & ({ planned: PlannedQuery } | { error: unknown });

/**
 * One statement for the one-row queries that read the same rows: their measures side by side
 * (`m0…`), each query's answer cut back to its own columns.
 */
function shareOneRow(
  members: readonly PlannedQuery[],
  rowsOf: (statement: Fragment) => Promise<CellValue[][]>,
): Map<PlannedQuery, Promise<CellValue[][]>> {
  const measures = members.flatMap((member) => member.oneRow!.measures);
  const select = join(
    measures.map((measure, index) => aliased(measure, `m${index}`)),
    ', ',
  );
  const rows = rowsOf(sql`SELECT ${select} ${members[0]!.oneRow!.source}`);
  const answers = new Map<PlannedQuery, Promise<CellValue[][]>>();
  let first = 0;
  for (const member of members) {
    const end = first + member.oneRow!.measures.length;
    const columns = [first, end] as const;
    answers.set(
      member,
      rows.then((all) => all.map((row) => row.slice(...columns))),
    );
    first = end;
  }
  return answers;
}

/**
 * Grouped queries over the same rows, one per distinct statement, as grouping sets of one scan;
 * queries that would need a join not known to keep every row exactly once are split apart (a
 * query left alone keeps its own statement; the check it waits for serves the next pages).
 */
function shareGrouped(
  dataset: LoadedDataset,
  plans: readonly Plan[],
  rowsOf: (statement: Fragment) => Promise<CellValue[][]>,
): Map<PlannedQuery, Promise<CellValue[][]>> {
  // Per set of rows, per distinct statement: the queries planned as it.
  const byRows = new Map<string, Map<string, PlannedQuery[]>>();
  for (const plan of plans) {
    if (!('planned' in plan) || !plan.planned.grouped || !canShareGroups(plan.planned.grouped))
      continue;
    const rowsKey = sameRowsKey(plan.planned.grouped);
    const statements = byRows.get(rowsKey) ?? new Map<string, PlannedQuery[]>();
    const key = fragmentKey(plan.planned.statement);
    statements.set(key, [...(statements.get(key) ?? []), plan.planned]);
    byRows.set(rowsKey, statements);
  }
  const shared = new Map<PlannedQuery, Promise<CellValue[][]>>();
  const exact = (relationship: RelationshipDefinition) =>
    joinKnownExact(dataset.store, relationship);
  for (const statements of byRows.values()) {
    const groups = splitAtInexactJoins(
      [...statements.values()],
      ([first]) => first!.grouped!,
      exact,
    );
    for (const alike of groups) {
      if (alike.length < 2) continue;
      const members = alike.map(([first]) => first!.grouped!);
      shareGroupingSets(members, rowsOf)?.forEach((rows, index) =>
        alike[index]!.forEach((planned) =>
          // Should the shared statement fail, each query meets what it would meet alone.
          shared.set(
            planned,
            rows.catch(() => rowsOf(planned.statement)),
          ),
        ),
      );
    }
  }
  return shared;
}

/**
 * Runs `queries` as few statements as they allow; one answer (or the error a single query would
 * meet) per query, in order, cut to its own limit as a single query is (one row more than the
 * limit is asked for, to tell whether it was cut).
 */
export function runQueries(
  dataset: LoadedDataset,
  queries: readonly ParsedQuery[],
  options: RunOptions = {},
): Promise<QueryResult>[] {
  const context = queryContext(dataset, options);
  const running = new Map<string, Promise<CellValue[][]>>();
  const rowsOf = (statement: Fragment) => {
    const key = fragmentKey(statement);
    let rows = running.get(key);
    if (!rows) {
      rows = dataset.store.query(statement);
      running.set(key, rows);
    }
    return rows;
  };

  const plans: Plan[] = queries.map((query) => {
    const limit = query.limit ?? DEFAULT_QUERY_ROWS;
    try {
      return { limit, planned: planSelect(context, query, limit + 1) };
    } catch (error) {
      return { limit, error };
    }
  });

  const bySource = new Map<string, PlannedQuery[]>();
  for (const plan of plans) {
    if (!('planned' in plan) || !plan.planned.oneRow) continue;
    const key = fragmentKey(plan.planned.oneRow.source);
    bySource.set(key, [...(bySource.get(key) ?? []), plan.planned]);
  }
  const shared = new Map<PlannedQuery, Promise<CellValue[][]>>();
  for (const members of bySource.values()) {
    // A group of one keeps its own statement.
    if (members.length > 1)
      shareOneRow(members, rowsOf).forEach((rows, member) => shared.set(member, rows));
  }

  shareGrouped(dataset, plans, rowsOf).forEach((rows, member) => shared.set(member, rows));

  return plans.map(async (plan) => {
    if (!('planned' in plan)) throw plan.error;
    const { planned, limit } = plan;
    const rows = await (shared.get(planned) ?? rowsOf(planned.statement));
    return { columns: planned.columns, rows: rows.slice(0, limit), truncated: rows.length > limit };
  });
}
