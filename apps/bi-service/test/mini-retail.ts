/**
 * A tiny star schema whose answers can be computed by hand (see fixtures/mini-retail/*.csv):
 * 8 sales over 5 products, 3 cities in 2 countries and 8 calendar days of 2024.
 */
import { mkdtempSync } from 'node:fs';
import { columns } from '@vitrina/test-support/columns';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetStore } from '../src/engine/dataset-store.ts';
import { loadTables, type TableSource } from '../src/engine/file-loader.ts';
import type { DatasetDefinition } from '../src/engine/model.ts';
import { DatasetRegistry, type LoadedDataset } from '../src/engine/registry.ts';
import { quoteIdentifier } from '../src/engine/sql.ts';

const fixtureDir = join(import.meta.dirname, 'fixtures/mini-retail');

export const miniRetail: DatasetDefinition = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Mini retail',
  tables: [
    {
      name: 'Ventas',
      columns: [
        ...columns({ Id: 'integer', Fecha: 'date', ProductoId: 'integer', RegionId: 'integer' }),
        ...columns({ Cantidad: 'integer' }),
        { name: 'Importe', dataType: 'number', format: '#,0.00' },
      ],
      measures: [
        { name: 'Total', expression: 'SUM(Ventas[Importe])' },
        { name: 'Unidades', expression: 'SUM(Ventas[Cantidad])' },
        { name: 'Precio medio', expression: 'DIVIDE(SUM(Ventas[Importe]), SUM(Ventas[Cantidad]))' },
        { name: 'Productos vendidos', expression: 'DISTINCTCOUNT(Ventas[ProductoId])' },
      ],
    },
    {
      name: 'Producto',
      columns: columns({ Id: 'integer', Nombre: 'string', Categoria: 'string' }),
    },
    {
      name: 'Region',
      columns: columns({ Id: 'integer', Pais: 'string', Ciudad: 'string', Responsable: 'string' }),
    },
    {
      name: 'Calendario',
      columns: [
        ...columns({ Fecha: 'date', Año: 'integer', Trimestre: 'string' }),
        { name: 'Mes', dataType: 'string', sortBy: 'MesNumero' },
        ...columns({ MesNumero: 'integer', Dia: 'integer' }),
      ],
      hierarchies: [
        {
          name: 'Jerarquía de fechas',
          levels: [
            { name: 'Año', column: 'Año' },
            { name: 'Trimestre', column: 'Trimestre' },
            { name: 'Mes', column: 'Mes' },
            { name: 'Día', column: 'Dia' },
          ],
        },
      ],
    },
  ],
  relationships: [
    { from: { table: 'Ventas', column: 'ProductoId' }, to: { table: 'Producto', column: 'Id' } },
    { from: { table: 'Ventas', column: 'RegionId' }, to: { table: 'Region', column: 'Id' } },
    { from: { table: 'Ventas', column: 'Fecha' }, to: { table: 'Calendario', column: 'Fecha' } },
  ],
};

/** The same tables with row-level-security roles (a separate dataset id, as in the demo). */
export const securedMiniRetail: DatasetDefinition = {
  ...miniRetail,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Mini retail (RLS)',
  roles: [
    {
      name: 'Pais',
      filters: [
        {
          table: 'Region',
          column: 'Pais',
          operator: 'InUsernameMapping',
          mapping: { 'ana@demo': ['Perú'], 'eva@demo': ['Chile'] },
        },
      ],
    },
    {
      name: 'Responsable',
      filters: [{ table: 'Region', column: 'Responsable', operator: 'EqualsUsername' }],
    },
    {
      name: 'Frutas',
      filters: [{ table: 'Producto', column: 'Categoria', operator: 'In', values: ['Fruta'] }],
    },
  ],
};

export const csvSources: TableSource[] = [
  { table: 'Ventas', format: 'csv', path: join(fixtureDir, 'ventas.csv') },
  { table: 'Producto', format: 'csv', path: join(fixtureDir, 'producto.csv') },
  { table: 'Region', format: 'csv', path: join(fixtureDir, 'region.csv') },
  { table: 'Calendario', format: 'csv', path: join(fixtureDir, 'calendario.csv') },
];

/** Writes each CSV fixture table out as Parquet (so the Parquet loader has real files to read). */
export async function writeParquetCopies(): Promise<TableSource[]> {
  const directory = mkdtempSync(join(tmpdir(), 'vitrina-parquet-'));
  const scratch = await DatasetStore.open(miniRetail, ':memory:');
  try {
    await loadTables(scratch, csvSources);
    return await scratch.withConnection(async (connection) => {
      const sources: TableSource[] = [];
      for (const source of csvSources) {
        const path = join(directory, `${source.table}.parquet`);
        await connection.run(
          `COPY ${quoteIdentifier(source.table)} TO '${path.replaceAll("'", "''")}' (FORMAT parquet)`,
        );
        sources.push({ table: source.table, format: 'parquet', path });
      }
      return sources;
    });
  } finally {
    scratch.close();
  }
}

export async function openMiniRetail(
  sources: TableSource[] = csvSources,
): Promise<{ registry: DatasetRegistry; dataset: LoadedDataset; secured: LoadedDataset }> {
  const store = await DatasetStore.open(miniRetail, ':memory:');
  await loadTables(store, sources);
  const registry = new DatasetRegistry();
  registry.add(store);
  registry.add(store, securedMiniRetail);
  return {
    registry,
    dataset: registry.get(miniRetail.id)!,
    secured: registry.get(securedMiniRetail.id)!,
  };
}

/** The mini retail dataset for one test file: opened before its tests, closed after them. */
export function miniRetailPerFile(): () => LoadedDataset {
  let opened: Awaited<ReturnType<typeof openMiniRetail>> | undefined;
  beforeAll(async () => {
    opened = await openMiniRetail();
  });
  afterAll(() => opened?.registry.close());
  return () => opened!.dataset;
}
