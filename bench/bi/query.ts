/**
 * BI query benchmark (not a test): typical visual queries through the real planner and DuckDB on
 * the demo sales dataset at 100 k, 1 M and 10 M rows, with p50, p95 and peak memory, beside the
 * same aggregations as full scans over in-memory typed arrays (the floor), timed in alternation.
 *
 *   ./node_modules/.bin/node bench/bi/query.ts [rows…]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Query } from '@vitrina/bi-model';
import { DatasetStore } from '../../apps/bi-service/src/engine/dataset-store.ts';
import { DatasetRegistry, type LoadedDataset } from '../../apps/bi-service/src/engine/registry.ts';
import { generateSales } from '../../apps/bi-service/demo/sales-data.ts';
import { salesDataset } from '../../apps/bi-service/demo/sales-model.ts';
import { runQuery } from '../../apps/bi-service/src/engine/query/run-query.ts';
import {
  distinctCustomers,
  makeColumnarSales,
  sumByCountry,
  sumByMonth,
  topProductsInChannel,
} from './js-floor.ts';

const WARMUP = 3;
const RUNS = 40;
const sizes = process.argv.slice(2).map(Number).filter(Number.isFinite);
const rowCounts = sizes.length > 0 ? sizes : [100_000, 1_000_000, 10_000_000];

const sales = { table: 'Ventas', measure: 'Ventas' };
const product = { table: 'Producto', column: 'Producto' };
const visualQueries: Record<string, Query> = {
  'suma por mes': { groupBy: [{ table: 'Calendario', column: 'Mes y año' }], measures: [sales] },
  'suma por país': { groupBy: [{ table: 'Tienda', column: 'País' }], measures: [sales] },
  'top 10 con filtro': {
    groupBy: [product],
    measures: [sales],
    filters: [
      {
        target: { table: 'Canal', column: 'Canal' },
        filterType: 1,
        operator: 'In',
        values: ['Online'],
      },
      { target: product, filterType: 5, operator: 'Top', itemCount: 10, orderBy: sales },
    ],
    orderBy: [{ field: sales, direction: 2 }],
  },
  'conteo distinto': { groupBy: [], measures: [{ table: 'Ventas', measure: 'Clientes' }] },
};

/** Samples the resident set size so that the peak during a phase is known. */
function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  return work().then((value) => {
    clearInterval(timer);
    return { value, peakMb: Math.max(peak, process.memoryUsage.rss()) / 2 ** 20 };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Times `duck` and `floor` in alternation (one run of each per round), so that both see the same
 * background load: on a shared machine their ratio is steadier than either figure alone.
 */
async function measurePair(duck: () => unknown, floor: () => unknown) {
  for (let i = 0; i < WARMUP; i++) {
    await duck();
    floor();
  }
  const duckTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    await duck();
    duckTimes.push(performance.now() - start);
    start = performance.now();
    floor();
    floorTimes.push(performance.now() - start);
  }
  const summary = (times: number[]) => {
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  return { duck: summary(duckTimes), floor: summary(floorTimes) };
}

const fmt = (ms: number) => ms.toFixed(ms < 10 ? 2 : 1).padStart(8);
const results: Record<number, Record<string, { p50: number; p95: number }>> = {};

for (const rows of rowCounts) {
  const directory = mkdtempSync(join(tmpdir(), 'vitrina-bench-bi-'));
  const registry = new DatasetRegistry();
  const store = await DatasetStore.open(salesDataset, join(directory, 'ventas.duckdb'));
  registry.add(store);
  const generation = performance.now();
  await store.withConnection((connection) => generateSales(connection, rows));
  const dataset: LoadedDataset = registry.get(salesDataset.id)!;
  console.log(
    `\n${rows.toLocaleString('en')} rows (generated in ${((performance.now() - generation) / 1000).toFixed(1)} s)`,
  );
  console.log(
    `${'query'.padEnd(20)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}   floor p50   floor p95`,
  );

  const floorData = makeColumnarSales(rows);
  const floors: Record<string, () => unknown> = {
    'suma por mes': () => sumByMonth(floorData),
    'suma por país': () => sumByCountry(floorData),
    'top 10 con filtro': () => topProductsInChannel(floorData, 1),
    'conteo distinto': () => distinctCustomers(floorData),
  };
  const { peakMb } = await peakRss(async () => {
    results[rows] = {};
    for (const [name, query] of Object.entries(visualQueries)) {
      // A new version before each run, so the statement is read each time rather than answered
      // with the rows kept for its version (decision 0326).
      const read = () => {
        dataset.store.modelChanged();
        return runQuery(dataset, query);
      };
      const { duck, floor } = await measurePair(read, floors[name]!);
      results[rows]![name] = duck;
      console.log(
        `${name.padEnd(20)}${fmt(duck.p50)}${fmt(duck.p95)}   ${fmt(floor.p50)}    ${fmt(floor.p95)}`,
      );
    }
  });
  console.log(`peak RSS during the queries: ${peakMb.toFixed(0)} MB`);
  registry.close();
  rmSync(directory, { recursive: true, force: true });
}

// Growth: how p50 scales with rows (1.0 per 10× rows would be perfectly linear at 10×).
for (let i = 1; i < rowCounts.length; i++) {
  const [smaller, larger] = [rowCounts[i - 1]!, rowCounts[i]!];
  const ratios = Object.keys(visualQueries).map((name) => {
    const ratio = results[larger]![name]!.p50 / results[smaller]![name]!.p50;
    return `${name} ×${ratio.toFixed(1)}`;
  });
  console.log(
    `\np50 growth ${smaller.toLocaleString('en')} → ${larger.toLocaleString('en')} rows (${larger / smaller}× rows): ${ratios.join(', ')}`,
  );
}
