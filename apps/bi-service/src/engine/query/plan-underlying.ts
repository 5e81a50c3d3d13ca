/** Underlying rows (export of the data behind a visual): fact rows under the visual's row filters. */
import type { ParsedQuery } from '@vitrina/bi-model';
import {
  aliased,
  columnMetadata,
  resolveQuery,
  selectFrom,
  type PlannedQuery,
  type QueryContext,
} from './plan-query.ts';
import { tableOf } from '../model.ts';
import { columnSql, join, raw } from '../sql.ts';

/** The base table's columns plus the visual's grouping columns from other tables. */
export function planUnderlying(
  context: QueryContext,
  query: ParsedQuery,
  rowLimit: number,
): PlannedQuery {
  const { groups, scope } = resolveQuery(context, query, false);
  const baseTable = tableOf(context.model.definition, scope.plan.base);
  const fields = [
    ...baseTable.columns.map((column) => ({ table: baseTable.name, column })),
    ...groups.filter((group) => group.table !== baseTable.name),
  ];
  const parts = selectFrom(
    fields.map(({ table, column }, index) => aliased(columnSql(table, column.name), `u${index}`)),
    scope,
  );
  parts.push(raw(`LIMIT ${Math.trunc(rowLimit)}`));
  return {
    statement: join(parts, ' '),
    columns: fields.map(({ column }) =>
      columnMetadata(column.name, column.dataType, column.format),
    ),
  };
}
