/** Small helpers that keep the demo dataset definitions short: ids from names, hierarchies, joins. */
import type { Hierarchy } from '@vitrina/bi-model';
import type {
  DatasetDefinition,
  RelationshipDefinition,
  TableDefinition,
} from '../src/engine/model.ts';
import { deterministicGuid } from '../src/platform/ids.ts';

/** A dataset whose id is derived from its name, so it is the same on every start and machine. */
export const demoDataset = (
  name: string,
  model: Omit<DatasetDefinition, 'id' | 'name'>,
): DatasetDefinition => ({ id: deterministicGuid('dataset', name), name, ...model });

/** A hierarchy whose levels, from the top, are named as the columns they show. */
export const hierarchy = (name: string, columns: string[]): Hierarchy => ({
  name,
  levels: columns.map((column) => ({ name: column, column })),
});

/**
 * The star joins of a fact table: each key column points at the dimension table that holds a
 * column of the same name.
 */
export const starJoins = (
  fact: string,
  dimensionOfKey: Record<string, string>,
): RelationshipDefinition[] =>
  Object.entries(dimensionOfKey).map(([column, dimension]) => ({
    from: { table: fact, column },
    to: { table: dimension, column },
  }));

/**
 * A dimension table: its integer key, its text attributes, then its other columns (numbers,
 * dates, flags) and whatever measures or hierarchies it holds.
 */
export const dimension = (
  name: string,
  key: string,
  attributes: string[],
  { columns = [], ...rest }: Partial<Omit<TableDefinition, 'name'>> = {},
): TableDefinition => ({
  name,
  columns: [
    { name: key, dataType: 'integer' },
    ...attributes.map((attribute) => ({ name: attribute, dataType: 'string' as const })),
    ...columns,
  ],
  ...rest,
});

/**
 * A fact table of monthly figures: its month (`Fecha`, joined to the month calendar), its integer
 * keys, then its other columns and whatever measures it holds.
 */
export const monthlyFacts = (
  name: string,
  keys: string[],
  { columns = [], ...rest }: Partial<Omit<TableDefinition, 'name'>> = {},
): TableDefinition => ({
  name,
  columns: [
    { name: 'Fecha', dataType: 'date', format: 'MM/yyyy' },
    ...keys.map((key) => ({ name: key, dataType: 'integer' as const })),
    ...columns,
  ],
  ...rest,
});
