/**
 * The dataset service's result cache: answers repeat without DuckDB, never across identities,
 * a write to the dataset drops what was kept, and identical requests that arrive together share
 * one read (within one identity only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { querySchema, type Filter, type Query, type QueryResult } from '@vitrina/bi-model';
import type { DatasetRegistry } from '../src/datasets/registry.ts';
import type { DatasetStore } from '../src/datasets/dataset-store.ts';
import { createDatasetService } from '../src/query/dataset.service.ts';
import { createResultCache, type ResultKey } from '../src/query/result-cache.ts';
import type { EmbedTokenClaims } from '../src/tokens/embed-token.ts';
import { miniRetail, openMiniRetail, securedMiniRetail } from './mini-retail.ts';

const byCountry: Query = {
  groupBy: [{ table: 'Region', column: 'Pais' }],
  measures: [{ table: 'Ventas', measure: 'Total' }],
};

/** A relative date filter: its rows depend on today, so its results are never kept. */
const lastThirtyDays: Filter = {
  $schema: 'http://powerbi.com/product/schema#relativeDate',
  target: { table: 'Ventas', column: 'Fecha' },
  filterType: 4,
  operator: 0,
  timeUnitsCount: 30,
  timeUnitType: 0,
  includeToday: true,
};

const claims = (identity?: { username: string; roles: string[] }): EmbedTokenClaims => ({
  sub: 'test',
  ver: 1,
  reports: [],
  datasets: [miniRetail.id, securedMiniRetail.id],
  dashboards: [],
  tiles: [],
  workspaces: [],
  accessLevel: 'View',
  jti: 'cached-results',
  ...(identity ? { identities: [{ ...identity, datasets: [securedMiniRetail.id] }] } : {}),
  iat: 0,
  exp: Math.floor(Date.now() / 1000) + 3600,
});

const ana = claims({ username: 'ana@demo', roles: ['Pais'] });
const eva = claims({ username: 'eva@demo', roles: ['Pais'] });

let registry: DatasetRegistry;
let store: DatasetStore;
beforeAll(async () => {
  ({ registry } = await openMiniRetail());
  store = registry.get(miniRetail.id)!.store;
});
afterAll(() => registry.close());

function service() {
  const results = createResultCache();
  return {
    results,
    datasets: createDatasetService(registry, { now: () => new Date() }, { results }),
  };
}

describe('result cache', () => {
  it('keeps an answer and gives the same rows back for the same query and identity', async () => {
    const { results, datasets } = service();
    const first = await datasets.query(ana, securedMiniRetail.id, byCountry);
    expect(results.size).toBe(1);
    // Lists left out and lists written out empty are the same query once normalised.
    const again = await datasets.query(ana, securedMiniRetail.id, {
      ...byCountry,
      orderBy: undefined,
    });
    expect([results.size, again]).toEqual([1, first]);
  });

  it('never answers one identity with rows kept for another', async () => {
    const { results, datasets } = service();
    const forAna = await datasets.query(ana, securedMiniRetail.id, byCountry);
    const forEva = await datasets.query(eva, securedMiniRetail.id, byCountry);
    expect(forAna.rows).toEqual([['Perú', 48]]);
    expect(forEva.rows).toEqual([['Chile', 51]]);
    expect(results.size).toBe(2);
    // The unsecured model over the same tables has its own entries too.
    const all = await datasets.query(claims(), miniRetail.id, byCountry);
    expect(all.rows).toHaveLength(2);
  });

  it('drops what it kept when the dataset is written to', async () => {
    const { results, datasets } = service();
    const before = await datasets.query(claims(), miniRetail.id, byCountry);
    const version = store.version;
    await store.withConnection((connection) =>
      connection.run(
        'INSERT INTO Ventas SELECT 999, Fecha, ProductoId, RegionId, 1, 1000 FROM Ventas WHERE Id = 1',
      ),
    );
    expect(store.version).toBeGreaterThan(version);
    const after = await datasets.query(claims(), miniRetail.id, byCountry);
    expect(after.rows).not.toEqual(before.rows);
    expect(results.size).toBe(1);
  });

  it('does not answer a replacing store (a re-import) with rows kept from the replaced one', async () => {
    const { results, datasets } = service();
    const before = await datasets.query(claims(), miniRetail.id, byCountry);
    // Same id, same number of writes, other data: only the version carried over tells them apart.
    const { registry: other } = await openMiniRetail();
    const replacement = other.get(miniRetail.id)!.store;
    await replacement.withConnection((connection) =>
      connection.run('UPDATE Ventas SET Importe = Importe * 10'),
    );
    registry.add(replacement);
    expect(replacement.version).toBeGreaterThan(store.version);
    const after = await datasets.query(claims(), miniRetail.id, byCountry);
    expect(after.rows).not.toEqual(before.rows);
    expect(results.size).toBe(1);
    registry.add(store);
    other.close();
  });

  it('does not keep queries on relative dates, which depend on today', async () => {
    const { results, datasets } = service();
    await datasets.query(claims(), miniRetail.id, {
      ...byCountry,
      filters: [lastThirtyDays],
    });
    expect(results.size).toBe(0);
  });

  it('stays within its memory bound', async () => {
    const results = createResultCache(2_000);
    const datasets = createDatasetService(registry, { now: () => new Date() }, { results });
    for (const limit of [1, 2, 3, 4, 5, 6, 7, 8]) {
      await datasets.query(claims(), miniRetail.id, { ...byCountry, limit });
    }
    expect(results.size).toBeLessThan(8);
  });
});

describe('reads under way', () => {
  const anaIdentity = { username: 'ana@demo', roles: ['Pais'] };
  const keyFor = (identity?: ResultKey['identity'], query: Query = byCountry): ResultKey => ({
    datasetId: securedMiniRetail.id,
    version: 1,
    identity,
    query: querySchema.parse(query),
  });
  const rows = (value: string): QueryResult => ({ columns: [], rows: [[value]], truncated: false });

  /** A read that answers when told to, counting how often it was started. */
  function controlledRead(answer: QueryResult) {
    const started = { count: 0 };
    let settle: (outcome: QueryResult | Error) => void = () => undefined;
    const read = () => {
      started.count += 1;
      return new Promise<QueryResult>((resolve, reject) => {
        settle = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
      });
    };
    return { read, started, settle: (outcome: QueryResult | Error = answer) => settle(outcome) };
  }

  it('joins an identical request to the read already running, then keeps its answer', async () => {
    const results = createResultCache();
    const first = controlledRead(rows('Perú'));
    const a = results.read(keyFor(anaIdentity), first.read);
    const b = results.read(keyFor(anaIdentity), first.read);
    first.settle();
    expect(await Promise.all([a, b])).toEqual([rows('Perú'), rows('Perú')]);
    expect(first.started.count).toBe(1);
    // Later requests get the kept answer without reading.
    const later = controlledRead(rows('other'));
    expect(await results.read(keyFor(anaIdentity), later.read)).toEqual(rows('Perú'));
    expect(later.started.count).toBe(0);
  });

  it('keeps nothing with no memory for results (BI_RESULT_CACHE_MB=0), yet still joins a read under way', async () => {
    const results = createResultCache(0);
    const first = controlledRead(rows('Perú'));
    const a = results.read(keyFor(anaIdentity), first.read);
    const b = results.read(keyFor(anaIdentity), first.read);
    first.settle();
    expect(await Promise.all([a, b])).toEqual([rows('Perú'), rows('Perú')]);
    expect([first.started.count, results.size]).toEqual([1, 0]);
    const later = controlledRead(rows('Perú'));
    const again = results.read(keyFor(anaIdentity), later.read);
    later.settle();
    await again;
    expect(later.started.count).toBe(1);
  });

  it('reads ahead only what can be shared, and a failed read ahead troubles nobody', async () => {
    const results = createResultCache();
    const ahead = controlledRead(rows('Perú'));
    results.readAhead(keyFor(anaIdentity), ahead.read);
    const joined = results.read(keyFor(anaIdentity), ahead.read);
    ahead.settle();
    expect(await joined).toEqual(rows('Perú'));
    expect(ahead.started.count).toBe(1);

    const onToday = controlledRead(rows('hoy'));
    const relative = {
      ...keyFor(anaIdentity),
      query: querySchema.parse({ ...byCountry, filters: [lastThirtyDays] }),
    };
    results.readAhead(relative, onToday.read);
    expect(onToday.started.count).toBe(0);

    // Nobody waits on a read ahead: its failure must not surface as an unhandled rejection.
    const failing = controlledRead(rows('unused'));
    results.readAhead(keyFor(anaIdentity, { ...byCountry, limit: 3 }), failing.read);
    failing.settle(new Error('DuckDB went away'));
    await new Promise((done) => setImmediate(done));
    expect(results.size).toBe(1);
  });

  it('never joins a read running for another identity', async () => {
    const results = createResultCache();
    const forAna = controlledRead(rows('Perú'));
    const forEva = controlledRead(rows('Chile'));
    const ana = results.read(keyFor(anaIdentity), forAna.read);
    const eva = results.read(keyFor({ username: 'eva@demo', roles: ['Pais'] }), forEva.read);
    const nobody = controlledRead(rows('todos'));
    const unsecured = results.read(keyFor(undefined), nobody.read);
    forAna.settle();
    forEva.settle();
    nobody.settle();
    expect(await Promise.all([ana, eva, unsecured])).toEqual([
      rows('Perú'),
      rows('Chile'),
      rows('todos'),
    ]);
    expect([forAna.started.count, forEva.started.count, nobody.started.count]).toEqual([1, 1, 1]);
  });

  it('fails every request that joined a failed read, keeps nothing, and reads again next time', async () => {
    const results = createResultCache();
    const failing = controlledRead(rows('unused'));
    const a = results.read(keyFor(anaIdentity), failing.read);
    const b = results.read(keyFor(anaIdentity), failing.read);
    failing.settle(new Error('DuckDB went away'));
    await expect(a).rejects.toThrow('DuckDB went away');
    await expect(b).rejects.toThrow('DuckDB went away');
    expect(results.size).toBe(0);
    const retry = controlledRead(rows('Perú'));
    const again = results.read(keyFor(anaIdentity), retry.read);
    retry.settle();
    expect(await again).toEqual(rows('Perú'));
    expect([failing.started.count, retry.started.count]).toEqual([1, 1]);
  });

  it('does not join reads of another data version', async () => {
    const results = createResultCache();
    const older = controlledRead(rows('before'));
    const newer = controlledRead(rows('after'));
    const a = results.read(keyFor(anaIdentity), older.read);
    const b = results.read({ ...keyFor(anaIdentity), version: 2 }, newer.read);
    older.settle();
    newer.settle();
    expect(await Promise.all([a, b])).toEqual([rows('before'), rows('after')]);
    expect([older.started.count, newer.started.count]).toEqual([1, 1]);
  });

  it('runs DuckDB once when five viewers with the same identity ask together', async () => {
    const results = createResultCache();
    const duckdbRuns = { count: 0 };
    const counted: typeof results = {
      ...results,
      read: (key, read) =>
        results.read(key, () => {
          duckdbRuns.count += 1;
          return read();
        }),
    };
    const datasets = createDatasetService(
      registry,
      { now: () => new Date() },
      { results: counted },
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => datasets.query(ana, securedMiniRetail.id, byCountry)),
    );
    expect(duckdbRuns.count).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.rows))).size).toBe(1);
    expect(answers[0]!.rows.map(([country]) => country)).toEqual(['Perú']);
    // Another identity asking at the same time gets its own run and its own rows.
    const [forAna, forEva] = await Promise.all([
      datasets.query(ana, securedMiniRetail.id, { ...byCountry, limit: 10 }),
      datasets.query(eva, securedMiniRetail.id, { ...byCountry, limit: 10 }),
    ]);
    expect(duckdbRuns.count).toBe(3);
    expect([forAna.rows[0]?.[0], forEva.rows[0]?.[0]]).toEqual(['Perú', 'Chile']);
  });
});
