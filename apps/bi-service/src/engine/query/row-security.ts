/**
 * Row-level security: the effective identity's roles become row filters. Rows visible under any
 * of the identity's roles are visible (roles add up, as in Power BI); inside one role every table
 * filter applies. A role's filter on a table the query cannot reach does not restrict it, because
 * filters only flow from dimensions to facts.
 */
import type { RoleTableFilter } from '../model.ts';
import type { DatasetModel } from '../dataset-model.ts';
import { FALSE, inList, TRUE } from './filter-conditions.ts';
import { QueryError } from '../query-error.ts';
import { join, sql, type Fragment } from '../sql.ts';

export interface EffectiveIdentity {
  username: string;
  roles: readonly string[];
}

/** Checks that every role the identity names exists (a token naming unknown roles is refused). */
function checkRoles(model: DatasetModel, identity: EffectiveIdentity): void {
  for (const role of identity.roles) {
    if (!model.roles.has(role))
      throw new QueryError(`Unknown role for dataset ${model.definition.name}: ${role}`);
  }
}

function tableFilterSql(model: DatasetModel, filter: RoleTableFilter, username: string): Fragment {
  const target = model.resolveColumn({ table: filter.table, column: filter.column });
  switch (filter.operator) {
    case 'In':
      return inList(target, filter.values);
    case 'EqualsUsername':
      return inList(target, [username]);
    case 'InUsernameMapping': {
      const entry = Object.entries(filter.mapping).find(
        ([name]) => name.toLowerCase() === username.toLowerCase(),
      );
      return entry ? inList(target, entry[1]) : FALSE;
    }
  }
}

/**
 * The condition that limits rows for `identity`, over the tables in `reachable`; undefined when
 * the dataset has no roles (nothing to restrict). An identity without roles sees no rows.
 */
export function rowSecurityCondition(
  model: DatasetModel,
  identity: EffectiveIdentity | undefined,
  reachable: ReadonlySet<string>,
): { condition: Fragment; tables: Set<string> } | undefined {
  if (!identity || model.roles.size === 0) return undefined;
  checkRoles(model, identity);
  const tables = new Set<string>();
  const perRole = [...model.roles.values()]
    .filter((role) => identity.roles.includes(role.name))
    .map((role) => {
      if (role.showsNothing) return FALSE;
      const filters = role.filters.filter((filter) => reachable.has(filter.table));
      filters.forEach((filter) => tables.add(filter.table));
      return filters.length === 0
        ? TRUE
        : sql`(${join(
            filters.map((filter) => tableFilterSql(model, filter, identity.username)),
            ' AND ',
          )})`;
    });
  return { condition: perRole.length === 0 ? FALSE : sql`(${join(perRole, ' OR ')})`, tables };
}
