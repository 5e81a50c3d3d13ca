/**
 * Opens the demo datasets, generating each DuckDB file on first start (DATA_DIR/bi/datasets) and
 * reusing it afterwards. A file written by another generator version or size is regenerated.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { DatasetStore } from '../src/engine/dataset-store.ts';
import type { DatasetDefinition } from '../src/engine/model.ts';
import { DatasetRegistry } from '../src/engine/registry.ts';
import { generateFinance } from './finance-data.ts';
import { financeDataset } from './finance-model.ts';
import { generateHr } from './hr-data.ts';
import { hrDataset } from './hr-model.ts';
import { generateSales } from './sales-data.ts';
import { salesDataset, securedSalesDataset } from './sales-model.ts';

/** Bump when generated data changes, so existing files are rebuilt. */
const GENERATOR_VERSION = 1;
const DEMO_SALES_ROWS = 1_000_000;

export interface DemoDatasetOptions {
  /** Sales fact rows (the demo has a million; tests use fewer). */
  salesRows?: number;
  /** Keep the databases in memory instead of files (tests). */
  inMemory?: boolean;
}

interface DemoDataset {
  definition: DatasetDefinition;
  file: string;
  generate: (connection: DuckDBConnection) => Promise<void>;
}

async function generatedStamp(connection: DuckDBConnection): Promise<string | undefined> {
  const exists = await connection.runAndReadAll(
    `SELECT count(*) FROM duckdb_tables() WHERE table_name = '_vitrina_generator'`,
  );
  if (Number(exists.getRows()[0]?.[0] ?? 0) === 0) return undefined;
  const stamp = await connection.runAndReadAll('SELECT stamp FROM _vitrina_generator');
  return String(stamp.getRows()[0]?.[0] ?? '');
}

async function ensureGenerated(
  store: DatasetStore,
  dataset: DemoDataset,
  stamp: string,
): Promise<void> {
  await store.withConnection(async (connection) => {
    if ((await generatedStamp(connection)) === stamp) return;
    await connection.run('BEGIN TRANSACTION');
    try {
      await dataset.generate(connection);
      await connection.run('CREATE OR REPLACE TABLE _vitrina_generator AS SELECT ? AS stamp', [
        stamp,
      ]);
      await connection.run('COMMIT');
    } catch (error) {
      await connection.run('ROLLBACK');
      throw error;
    }
    await connection.run('CHECKPOINT');
  });
}

/** Opens (and on first use generates) the sales, finance and HR demo datasets. */
export async function openDemoDatasets(
  biDir: string,
  options: DemoDatasetOptions = {},
): Promise<DatasetRegistry> {
  const salesRows = options.salesRows ?? DEMO_SALES_ROWS;
  const directory = join(biDir, 'datasets');
  if (!options.inMemory) mkdirSync(directory, { recursive: true });
  const datasets: DemoDataset[] = [
    {
      definition: salesDataset,
      file: 'ventas.duckdb',
      generate: (c) => generateSales(c, salesRows),
    },
    { definition: financeDataset, file: 'finanzas.duckdb', generate: generateFinance },
    { definition: hrDataset, file: 'personas.duckdb', generate: generateHr },
  ];
  const registry = new DatasetRegistry();
  try {
    await Promise.all(
      datasets.map(async (dataset) => {
        const store = await DatasetStore.open(
          dataset.definition,
          options.inMemory ? ':memory:' : join(directory, dataset.file),
        );
        registry.add(store);
        if (dataset.definition === salesDataset) registry.add(store, securedSalesDataset);
        await ensureGenerated(store, dataset, `v${GENERATOR_VERSION}:${salesRows}`);
      }),
    );
  } catch (error) {
    registry.close();
    throw error;
  }
  return registry;
}

export const demoDatasets: readonly DatasetDefinition[] = [
  salesDataset,
  securedSalesDataset,
  financeDataset,
  hrDataset,
];
