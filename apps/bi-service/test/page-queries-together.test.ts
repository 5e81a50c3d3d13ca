/**
 * A page's queries run together (decisions 0307, 0323) answer exactly what each answers alone,
 * under an effective identity too, with fewer statements: cards over the same rows share one
 * scan, grouped visuals over the same rows share one as grouping sets where the joins keep every
 * row once, and identical statements run once.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { querySchema, type ParsedQuery } from '@vitrina/bi-model';
import { openingPageQueries } from '@vitrina/bi-model/visual-queries';
import type { DatasetRegistry, LoadedDataset } from '../src/engine/registry.ts';
import { countryAccess, demoReports, openDemoDatasets } from '../demo/index.ts';
import { securedSalesDataset } from '../demo/sales-model.ts';
import { runQueries, type RunOptions } from '../src/engine/query/run-page.ts';
import { runQuery } from '../src/engine/query/run-query.ts';
import { openMiniRetail } from './mini-retail.ts';

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
 * An answer with its rows in one canonical order and its fractional numbers to 12 significant
 * digits. A query sorted by some of its groups leaves the order of rows that tie on them to
 * DuckDB, and a sum of fractions depends in its last bits on the order DuckDB adds the rows in:
 * both may differ from one run to the next, even for the same query alone (the demo's sales by
 * channel over 1 M rows gave 10 different last digits in 20 runs). The rows themselves, columns
 * and the rest must be the same.
 */
function canonical(settled: PromiseSettledResult<{ rows: unknown[][] }>) {
  if (settled.status === 'rejected') return settled;
  const cell = (value: unknown) =>
    typeof value === 'number' && !Number.isInteger(value) ? value.toPrecision(12) : value;
  const rows = settled.value.rows.map((row) => JSON.stringify(row.map(cell))).sort();
  return { status: settled.status, value: { ...settled.value, rows } };
}

/**
 * Runs a page once and waits for every read it started, the checks of the joins it could share
 * among them (exact-joins.ts): the pages that follow share what those checks allow.
 */
async function afterJoinChecks(
  dataset: LoadedDataset,
  queries: ParsedQuery[],
  options: RunOptions,
) {
  const reads = vi.spyOn(dataset.store, 'query');
  await Promise.allSettled(runQueries(dataset, queries, options));
  await Promise.allSettled(reads.mock.results.map((result) => result.value));
  reads.mockRestore();
}

/** The queries run together (once their joins are checked) and alone; the statements together. */
async function expectSameAsAlone(
  dataset: LoadedDataset,
  queries: ParsedQuery[],
  options: RunOptions = {},
): Promise<number> {
  await afterJoinChecks(dataset, queries, options);
  const reads = vi.spyOn(dataset.store, 'query');
  const together = await Promise.allSettled(runQueries(dataset, queries, options));
  const statements = reads.mock.calls.length;
  reads.mockRestore();
  const alone = await Promise.allSettled(queries.map((query) => runQuery(dataset, query, options)));
  expect(together.map(canonical)).toEqual(alone.map(canonical));
  return statements;
}

describe('a page run together', () => {
  it('answers every query of every demo page as it is answered alone', async () => {
    const all = pages();
    expect(all.length).toBeGreaterThan(5);
    for (const page of all) await expectSameAsAlone(registry.get(page.datasetId)!, page.queries);
  });

  it('answers the same under row-level security, per identity', async () => {
    const [country] = Object.keys(countryAccess);
    const sales = pages().find(({ datasetId }) => datasetId === demoReports[0]!.datasetId)!;
    const identity = { username: country!, roles: ['Pais'] };
    const secured = registry.get(securedSalesDataset.id)!;
    await expectSameAsAlone(secured, sales.queries, { identity });
  });

  it('runs the sales summary in fewer statements: its cards share one, its grouped visuals one', async () => {
    const summary = pages()[0]!;
    const dataset = registry.get(summary.datasetId)!;
    expect(summary.queries).toHaveLength(12);
    // Four cards and the KPI's total read the same rows; the KPI's trend repeats the line's;
    // the three slicers read their own tables.
    // A new data version: its joins are not checked yet.
    dataset.store.modelChanged();
    const statements = vi.spyOn(dataset.store, 'query');
    await Promise.all(runQueries(dataset, summary.queries));
    // The first page of a data version runs its grouped visuals apart while the joins that only
    // some of them make are checked: Canal's and Tienda's (the year slicer joins Calendario to
    // every one of them already).
    expect(statements).toHaveBeenCalledTimes(7 + 2);
    await Promise.allSettled(statements.mock.results.map((result) => result.value));
    statements.mockClear();
    // Then the line, the channels and the countries are grouping sets of one scan.
    await Promise.all(runQueries(dataset, summary.queries));
    expect(statements).toHaveBeenCalledTimes(5);
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

describe('grouped visuals sharing one scan (decision 0323)', () => {
  const total = { table: 'Ventas', measure: 'Total' };
  const units = { table: 'Ventas', measure: 'Unidades' };
  const country = { table: 'Region', column: 'Pais' };
  const category = { table: 'Producto', column: 'Categoria' };
  const product = { table: 'Producto', column: 'Nombre' };
  /** Grouped visuals over the same sales, each joining what its own grouping needs. */
  const visuals = [
    // By country, the largest first.
    { groupBy: [country], measures: [total], orderBy: [{ field: total, direction: 2 }] },
    // By month name, in the months' order (the column's sort-by column), with two measures.
    { groupBy: [{ table: 'Calendario', column: 'Mes' }], measures: [units, total] },
    // By the month of the sale's date (a date part of the fact's own column), the first two.
    {
      groupBy: [{ table: 'Ventas', column: 'Fecha', datePart: 'month' }],
      measures: [total],
      limit: 2,
    },
    // Categories that sold more than 20 (a measure filter), by name from Z to A.
    {
      groupBy: [category],
      measures: [total],
      filters: [
        {
          target: total,
          filterType: 0,
          logicalOperator: 'And',
          conditions: [{ operator: 'GreaterThan', value: 20 }],
        },
      ],
      orderBy: [{ field: category, direction: 2 }],
    },
    // Two groups: country and category.
    { groupBy: [country, category], measures: [units] },
  ];
  const parsed = (queries: unknown[], filters: unknown[] = []) =>
    queries.map((query) => {
      const own = (query as { filters?: unknown[] }).filters ?? [];
      return querySchema.parse({ ...(query as object), filters: [...own, ...filters] });
    });
  let opened: Awaited<ReturnType<typeof openMiniRetail>>;
  beforeEach(async () => {
    opened = await openMiniRetail();
  });
  afterEach(() => opened.registry.close());

  /** Every answer together, in order, exactly as alone; the statements they took together. */
  async function exactlyAsAlone(queries: ParsedQuery[]) {
    const { dataset } = opened;
    await afterJoinChecks(dataset, queries, {});
    const reads = vi.spyOn(dataset.store, 'query');
    const together = await Promise.all(runQueries(dataset, queries));
    const statements = reads.mock.calls.map(([statement]) => statement.sql);
    reads.mockRestore();
    const alone = await Promise.all(queries.map((query) => runQuery(dataset, query)));
    expect(together).toEqual(alone);
    return { together, statements };
  }

  it('answers sort-by columns, date parts, measure filters, limits and two groups in one scan', async () => {
    const { together, statements } = await exactlyAsAlone(parsed(visuals));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('GROUPING SETS');
    // The months in their own order, not the names'; the first two months, cut.
    expect(together[1]!.rows.map(([month]) => month)).toEqual([
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
    ]);
    expect(together[2]).toMatchObject({
      rows: [
        [1, 15],
        [2, 9],
      ],
      truncated: true,
    });
    expect(together[3]!.rows).toEqual([
      ['Lácteo', 35],
      ['Fruta', 60],
    ]);
  });

  it('keeps a top N on the grouping itself apart and shares the rest under it', async () => {
    const topTwo = {
      target: product,
      filterType: 5,
      operator: 'Top',
      itemCount: 2,
      orderBy: total,
    };
    const queries = parsed([...visuals, { groupBy: [product], measures: [total] }], [topTwo]);
    const { together, statements } = await exactlyAsAlone(queries);
    // The by-product visual keeps its window (QUALIFY) in its own statement, and so does the
    // measure-filtered one: its top N ranks under its measure filter, so its rows differ.
    expect(statements).toHaveLength(3);
    expect(together[5]!.rows.map(([name]) => name).sort()).toEqual(['Manzana', 'Pera']);
  });

  it('answers each visual alone when the shared statement fails', async () => {
    const { dataset } = opened;
    const queries = parsed(visuals);
    await afterJoinChecks(dataset, queries, {});
    const query = dataset.store.query.bind(dataset.store);
    const reads = vi
      .spyOn(dataset.store, 'query')
      .mockImplementation((statement) =>
        statement.sql.includes('GROUPING SETS')
          ? Promise.reject(new Error('out of memory'))
          : query(statement),
      );
    const together = await Promise.all(runQueries(dataset, queries));
    expect(reads).toHaveBeenCalledTimes(1 + visuals.length);
    reads.mockRestore();
    expect(together).toEqual(await Promise.all(queries.map((q) => runQuery(dataset, q))));
  });

  it('splits the visuals that need a join missing a row from those that do not', async () => {
    const { dataset } = opened;
    // A sale in May of a region the region table lacks: only an inner join with Region drops it.
    await dataset.store.withConnection((connection) =>
      connection.run(`INSERT INTO "Ventas" VALUES (9, DATE '2024-05-01', 1, 99, 7, 100.0)`),
    );
    const { together, statements } = await exactlyAsAlone(parsed(visuals));
    // By country (twice) in one scan, the rest (no Region join) in another.
    expect(statements).toHaveLength(2);
    expect(together[0]!.rows).toEqual([
      ['Chile', 51],
      ['Perú', 48],
    ]);
    // The months count the sale Region does not know: May has 1 + 7 units.
    expect(together[1]!.rows.at(-1)).toEqual(['mayo', 8, 106]);
  });

  it('shares no scan across a dimension whose key repeats (a sale would count twice)', async () => {
    const { dataset } = opened;
    await dataset.store.withConnection((connection) =>
      connection.run(`INSERT INTO "Producto" VALUES (1, 'Manzana roja', 'Fruta')`),
    );
    const { together, statements } = await exactlyAsAlone(parsed(visuals));
    // The two category visuals make the Producto join and share a scan; the rest share another.
    expect(statements).toHaveLength(2);
    expect(together[3]!.rows).toEqual([
      ['Lácteo', 35],
      ['Fruta', 95],
    ]);
  });
});
