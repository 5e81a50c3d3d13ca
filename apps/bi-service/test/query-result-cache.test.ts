/**
 * The dataset service's result cache: answers repeat without DuckDB, never across identities,
 * and a write to the dataset drops what was kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '@vitrina/bi-model';
import type { DatasetRegistry } from '../src/datasets/registry.ts';
import type { DatasetStore } from '../src/datasets/dataset-store.ts';
import { createDatasetService } from '../src/query/dataset.service.ts';
import { createResultCache } from '../src/query/result-cache.ts';
import type { EmbedTokenClaims } from '../src/tokens/embed-token.ts';
import { miniRetail, openMiniRetail, securedMiniRetail } from './mini-retail.ts';

const byCountry: Query = {
  groupBy: [{ table: 'Region', column: 'Pais' }],
  measures: [{ table: 'Ventas', measure: 'Total' }],
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
  return { results, datasets: createDatasetService(registry, { now: () => new Date() }, results) };
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
      filters: [
        {
          $schema: 'http://powerbi.com/product/schema#relativeDate',
          target: { table: 'Ventas', column: 'Fecha' },
          filterType: 4,
          operator: 0,
          timeUnitsCount: 30,
          timeUnitType: 0,
          includeToday: true,
        },
      ],
    });
    expect(results.size).toBe(0);
  });

  it('stays within its memory bound', async () => {
    const results = createResultCache(2_000);
    const datasets = createDatasetService(registry, { now: () => new Date() }, results);
    for (const limit of [1, 2, 3, 4, 5, 6, 7, 8]) {
      await datasets.query(claims(), miniRetail.id, { ...byCountry, limit });
    }
    expect(results.size).toBeLessThan(8);
  });
});
