/**
 * Row-level-security roles declared over REST for datasets filled at run time (decision 0170):
 * checked against the dataset's tables before anything is stored, in Power BI's error shapes.
 */
import type { DatasetRole } from '@vitrina/bi-model';
import { invalidRequest } from '../../http/powerbi-error.ts';
import type { DatasetDefinition, RoleTableFilter } from '../../engine/model.ts';
import { assertColumn } from '../../engine/push-definition.ts';

function isNumeric(definition: DatasetDefinition, filter: RoleTableFilter): boolean {
  const table = definition.tables.find((candidate) => candidate.name === filter.table);
  const column = table?.columns.find((candidate) => candidate.name === filter.column);
  return column?.dataType === 'integer' || column?.dataType === 'number';
}

/** A fixed value compared with a column must be of the column's kind, or it never matches. */
function assertValuesFit(
  definition: DatasetDefinition,
  role: string,
  filter: RoleTableFilter,
  values: readonly (string | number)[],
): void {
  const numeric = isNumeric(definition, filter);
  const wrong = values.find((value) => (typeof value === 'number') !== numeric);
  if (wrong !== undefined)
    throw invalidRequest(
      `Role ${role}: value ${JSON.stringify(wrong)} does not fit column ${filter.column} in table ${filter.table}`,
    );
}

/** Throws InvalidRequest unless every role has a unique name and filters known columns. */
export function assertRolesFit(definition: DatasetDefinition): void {
  const seen = new Set<string>();
  for (const role of definition.roles ?? []) {
    const key = role.name.toLowerCase();
    if (seen.has(key)) throw invalidRequest(`Duplicate role name ${role.name}`);
    seen.add(key);
    for (const filter of role.filters) {
      try {
        assertColumn(definition.tables, filter.table, filter.column);
      } catch (error) {
        throw invalidRequest(`Role ${role.name}: ${(error as Error).message}`);
      }
      if (filter.operator === 'In') assertValuesFit(definition, role.name, filter, filter.values);
      if (filter.operator === 'InUsernameMapping')
        assertValuesFit(definition, role.name, filter, Object.values(filter.mapping).flat());
      if (filter.operator === 'EqualsUsername' && isNumeric(definition, filter))
        throw invalidRequest(
          `Role ${role.name}: EqualsUsername compares a username, and column ${filter.column} in table ${filter.table} is numeric`,
        );
    }
  }
}

/** The definition with `roles` in place of its own (none when the list is empty). */
export function withRoles(
  definition: DatasetDefinition,
  roles: readonly DatasetRole[],
): DatasetDefinition {
  const next: DatasetDefinition = { ...definition, roles: [...roles] };
  if (roles.length === 0) delete next.roles;
  assertRolesFit(next);
  return next;
}
