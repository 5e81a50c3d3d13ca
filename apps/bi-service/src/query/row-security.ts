/**
 * Row-level security: the effective identity's roles become row filters. Rows visible under any
 * of the identity's roles are visible (roles add up, as in Power BI); inside one role every table
 * filter applies. A role's filter on a table the query cannot reach does not restrict it, because
 * filters only flow from dimensions to facts.
 */
import type { DatasetDefinition, RoleTableFilter } from '../datasets/model.ts';
import type { DatasetModel } from '../datasets/dataset-model.ts';
import { FALSE, inList, TRUE } from './filter-conditions.ts';
import { QueryError } from '../datasets/query-error.ts';
import { join, sql, type Fragment } from '../datasets/sql.ts';

export interface EffectiveIdentity {
  username: string;
  roles: readonly string[];
}

/** Checks that every role the identity names exists (a token naming unknown roles is refused). */
function checkRoles(definition: DatasetDefinition, identity: EffectiveIdentity): void {
  const known = new Set((definition.roles ?? []).map((role) => role.name));
  for (const role of identity.roles) {
    if (!known.has(role))
      throw new QueryError(`Unknown role for dataset ${definition.name}: ${role}`);
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
  const roles = model.definition.roles ?? [];
  if (!identity || roles.length === 0) return undefined;
  checkRoles(model.definition, identity);
  const tables = new Set<string>();
  const perRole = roles
    .filter((role) => identity.roles.includes(role.name))
    .map((role) => {
      // A role filtering a table the model no longer has (a re-import changed it) hides every
      // row rather than letting the rest through: row security fails closed.
      if (role.filters.some((filter) => !model.hasTable(filter.table))) return FALSE;
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
