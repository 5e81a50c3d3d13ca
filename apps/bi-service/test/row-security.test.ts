import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '@vitrina/bi-model';
import type { DatasetRegistry, LoadedDataset } from '../src/engine/registry.ts';
import { QueryError } from '../src/engine/query-error.ts';
import { runQuery } from '../src/engine/query/run-query.ts';
import { openMiniRetail, securedMiniRetail } from './mini-retail.ts';

let registry: DatasetRegistry;
let secured: LoadedDataset;
beforeAll(async () => {
  ({ registry, secured } = await openMiniRetail());
});
afterAll(() => registry.close());

const byCity: Query = {
  groupBy: [{ table: 'Region', column: 'Ciudad' }],
  measures: [{ table: 'Ventas', measure: 'Total' }],
};

async function citiesFor(username: string, roles: string[], query: Query = byCity) {
  const result = await runQuery(secured, query, { identity: { username, roles } });
  return result.rows;
}

describe('row-level security', () => {
  it('filters by a username mapping (role Pais)', async () => {
    expect(await citiesFor('ana@demo', ['Pais'])).toEqual([
      ['Cusco', 29],
      ['Lima', 19],
    ]);
  });

  it('matches usernames without regard to case', async () => {
    expect(await citiesFor('EVA@demo', ['Pais'])).toEqual([['Santiago', 51]]);
  });

  it('filters by the username itself (role Responsable)', async () => {
    expect(await citiesFor('luis@demo', ['Responsable'])).toEqual([
      ['Cusco', 29],
      ['Santiago', 51],
    ]);
  });

  it('adds up the rows of several roles', async () => {
    expect(await citiesFor('ana@demo', ['Pais', 'Responsable'])).toEqual([
      ['Cusco', 29],
      ['Lima', 19],
    ]);
    expect(await citiesFor('eva@demo', ['Pais', 'Frutas'])).toEqual([
      ['Cusco', 20],
      ['Lima', 15],
      ['Santiago', 51],
    ]);
  });

  it('shows nothing to a username the mapping does not know, or to an identity without roles', async () => {
    expect(await citiesFor('intruso@demo', ['Pais'])).toEqual([]);
    expect(await citiesFor('ana@demo', [])).toEqual([]);
  });

  it('refuses a role the dataset does not define', async () => {
    await expect(citiesFor('ana@demo', ['Administrador'])).rejects.toThrow(QueryError);
  });

  it('applies inside top N rankings and to cards without grouping', async () => {
    const top: Query = {
      groupBy: [{ table: 'Producto', column: 'Nombre' }],
      measures: [{ table: 'Ventas', measure: 'Total' }],
      filters: [
        {
          target: { table: 'Producto', column: 'Nombre' },
          filterType: 5,
          operator: 'Top',
          itemCount: 1,
          orderBy: { table: 'Ventas', measure: 'Total' },
        },
      ],
    };
    // In Chile the best seller is Manzana (25), in Perú Pera (25).
    expect(await citiesFor('ana@demo', ['Pais'], top)).toEqual([['Pera', 25]]);
    const card: Query = { groupBy: [], measures: [{ table: 'Ventas', measure: 'Total' }] };
    expect(await citiesFor('eva@demo', ['Pais'], card)).toEqual([[51]]);
  });

  it('filters a dimension listed alone (a slicer of the secured table)', async () => {
    const slicer: Query = { groupBy: [{ table: 'Region', column: 'Pais' }], measures: [] };
    expect(await citiesFor('ana@demo', ['Pais'], slicer)).toEqual([['Perú']]);
  });

  it('fails closed for roles the data changed under (decision 0170)', async () => {
    // As after a re-import: one role filters a table the model lost, one a column its table lost.
    const stale = { ...securedMiniRetail, id: '00000000-0000-4000-8000-000000000003' };
    stale.roles = [
      ...securedMiniRetail.roles!,
      {
        name: 'Tiendas',
        filters: [{ table: 'Tiendas', column: 'Pais', operator: 'EqualsUsername' }],
      },
      {
        name: 'Zona',
        filters: [{ table: 'Region', column: 'Zona', operator: 'In', values: ['Norte'] }],
      },
    ];
    registry.add(secured.store, stale);
    const dataset = registry.get(stale.id)!;
    const rows = async (roles: string[], query: Query = byCity) =>
      (await runQuery(dataset, query, { identity: { username: 'eva@demo', roles } })).rows;

    expect(await rows(['Tiendas'])).toEqual([]);
    // Roles still add up: the lost table takes nothing away from another role's rows.
    expect(await rows(['Tiendas', 'Pais'])).toEqual([['Santiago', 51]]);
    await expect(rows(['Zona'])).rejects.toThrow('Unknown column: Region[Zona]');
  });
});
