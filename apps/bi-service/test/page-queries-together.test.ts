/**
 * A page's queries run together (decision 0307) answer exactly what each answers alone, under
 * an effective identity too, with fewer statements: cards over the same rows share one scan and
 * identical statements run once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { querySchema, type ParsedQuery } from '@vitrina/bi-model';
import { openingPageQueries } from '@vitrina/bi-model/visual-queries';
import type { DatasetRegistry } from '../src/engine/registry.ts';
import { countryAccess, demoReports, openDemoDatasets } from '../demo/index.ts';
import { securedSalesDataset } from '../demo/sales-model.ts';
import { runQueries, type RunOptions } from '../src/engine/query/run-page.ts';
import { runQuery } from '../src/engine/query/run-query.ts';

let registry: DatasetRegistry;
beforeAll(async () => {
  registry = await openDemoDatasets('', { inMemory: true, salesRows: 20_000 });
});
afterAll(() => registry.close());

/** A year slicer, as a viewer's click adds it to every query of the page. */
const slicer = {
  filterType: 1,
  target: { table: 'Calendario', column: 'Año' },
  operator: 'In',
  values: [2024, 2025],
} as const;

/** Every page of every demo report, as the frame first asks for it, with a slicer on top. */
function pages() {
  return demoReports.flatMap(({ definition, datasetId }) =>
    definition.pages.map((page) => ({
      datasetId,
      queries: openingPageQueries(definition, registry.schema(datasetId)!, page.name).map((query) =>
        querySchema.parse({ ...query, filters: [...(query.filters ?? []), slicer] }),
      ),
    })),
  );
}

/**
 * An answer with its rows in one canonical order. A query sorted by some of its groups leaves
 * the order of rows that tie on them to DuckDB, which may differ from one run to the next, even
 * for the same query alone; the rows themselves, columns and the rest must be the same.
 */
function canonical(settled: PromiseSettledResult<{ rows: unknown[][] }>) {
  if (settled.status === 'rejected') return settled;
  const rows = settled.value.rows.map((row) => JSON.stringify(row)).sort();
  return { status: settled.status, value: { ...settled.value, rows } };
}

async function expectSameAsAlone(datasetId: string, queries: ParsedQuery[], options: RunOptions) {
  const dataset = registry.get(datasetId)!;
  const together = await Promise.allSettled(runQueries(dataset, queries, options));
  const alone = await Promise.allSettled(queries.map((query) => runQuery(dataset, query, options)));
  expect(together.map(canonical)).toEqual(alone.map(canonical));
}

describe('a page run together', () => {
  it('answers every query of every demo page as it is answered alone', async () => {
    const all = pages();
    expect(all.length).toBeGreaterThan(5);
    for (const page of all) await expectSameAsAlone(page.datasetId, page.queries, {});
  });

  it('answers the same under row-level security, per identity', async () => {
    const [country] = Object.keys(countryAccess);
    const sales = pages().find(({ datasetId }) => datasetId === demoReports[0]!.datasetId)!;
    const identity = { username: country!, roles: ['Pais'] };
    await expectSameAsAlone(securedSalesDataset.id, sales.queries, { identity });
  });

  it('runs the sales summary in fewer statements: its cards share one, repeated ones run once', async () => {
    const summary = pages()[0]!;
    const store = registry.get(summary.datasetId)!.store;
    const statements = vi.spyOn(store, 'query');
    await Promise.all(runQueries(registry.get(summary.datasetId)!, summary.queries));
    // Four cards and the KPI's total read the same rows; the KPI's trend repeats the line's.
    expect(summary.queries).toHaveLength(12);
    expect(statements).toHaveBeenCalledTimes(7);
    statements.mockRestore();
  });

  it('fails only the query that cannot be planned', async () => {
    const dataset = registry.get(demoReports[0]!.datasetId)!;
    const [good, ...rest] = pages()[0]!.queries;
    const bad = { ...good!, measures: [{ table: 'Ventas', measure: 'No existe' }] };
    const [first, second] = await Promise.allSettled(runQueries(dataset, [bad, good!, ...rest]));
    expect(first?.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: await runQuery(dataset, good!) });
  });
});
