/**
 * A dataset's semantic model: tables with typed columns, many-to-one relationships (star
 * schemas), measures written in a small aggregate language, hierarchies and row-level-security
 * roles. Definitions are authored by the service (demo content, loaders), never by the frame,
 * which reads only their public `DatasetSchema` (@vitrina/bi-model).
 */
import type {
  DataType,
  DatasetRole,
  DatasetSchema,
  Hierarchy,
  RoleFilter,
} from '@vitrina/bi-model';

export interface ColumnDefinition {
  name: string;
  dataType: DataType;
  format?: string;
  /** Another column of the same table whose order this column sorts by (month names by number). */
  sortBy?: string;
}

export interface MeasureDefinition {
  name: string;
  /** e.g. `SUM(Ventas[Importe]) - SUM(Ventas[Costo])`; see measure-language.ts. */
  expression: string;
  format?: string;
}

export interface TableDefinition {
  name: string;
  columns: ColumnDefinition[];
  measures?: MeasureDefinition[];
  hierarchies?: Hierarchy[];
}

/** Many rows of `from.table` point at one row of `to.table` (filters flow from `to` to `from`). */
export interface RelationshipDefinition {
  from: { table: string; column: string };
  to: { table: string; column: string };
}

/** One table's row filter inside a role; it may depend on the effective identity's username. */
export type RoleTableFilter = RoleFilter;

export type RoleDefinition = DatasetRole;

export interface DatasetDefinition {
  id: string;
  name: string;
  tables: TableDefinition[];
  relationships: RelationshipDefinition[];
  roles?: RoleDefinition[];
}

/** The public shape of a definition, as the frame reads it. */
export function toDatasetSchema(definition: DatasetDefinition): DatasetSchema {
  return {
    id: definition.id,
    name: definition.name,
    tables: definition.tables.map((table) => ({
      name: table.name,
      columns: table.columns.map(({ name, dataType, format }) => ({
        name,
        dataType,
        ...(format ? { format } : {}),
      })),
      measures: (table.measures ?? []).map(({ name, format }) => ({
        name,
        ...(format ? { format } : {}),
      })),
      hierarchies: table.hierarchies ?? [],
    })),
  };
}

/** The named table of a definition; throws when a generator and its definition disagree. */
export function tableOf(definition: DatasetDefinition, name: string): TableDefinition {
  const table = definition.tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`Dataset ${definition.name} has no table ${name}`);
  return table;
}
