import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishedDemoCredentials } from '@vitrina/env/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { DatasetRegistry } from '../src/datasets/registry.ts';
import { countryAccess, demoWorkspaces, openDemoDatasets } from '../src/demo/index.ts';
import { securedSalesDataset } from '../src/demo/sales-model.ts';
import { listen, type RunningService } from '../src/listen.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { createServices, type BiServices } from '../src/services.ts';
import { appToken, call } from './harness.ts';

/** The whole chain on the demo: service principal → GenerateToken with an identity → query. */
let registry: DatasetRegistry;
let services: BiServices;
let running: RunningService;
let url: string;
const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-rls-'));

beforeAll(async () => {
  registry = await openDemoDatasets('', { inMemory: true, salesRows: 20_000 });
  services = createServices(loadConfig({ DATA_DIR: dataRoot }), { datasetSchemas: registry });
  await seedDemo(services, demoWorkspaces, publishedDemoCredentials);
  running = await listen(services, { port: 0, tlsPort: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${running.port}`;
});
afterAll(async () => {
  await running.close();
  await services.close();
  registry.close();
  rmSync(dataRoot, { recursive: true, force: true });
});

const salesByCountry = {
  groupBy: [{ table: 'Tienda', column: 'País' }],
  measures: [{ table: 'Ventas', measure: 'Ventas' }],
};

async function embedTokenFor(username: string) {
  const response = await call(url, '/v1.0/myorg/GenerateToken', {
    token: await appToken(url),
    body: {
      datasets: [{ id: securedSalesDataset.id }],
      identities: [{ username, roles: ['Pais'], datasets: [securedSalesDataset.id] }],
    },
  });
  expect(response.status).toBe(200);
  return String(response.json['token']);
}

describe('row-level security on the demo sales, through GenerateToken', () => {
  it.each(Object.entries(countryAccess))('%s sees only %j', async (username, countries) => {
    const response = await call(url, `/v1.0/embed/datasets/${securedSalesDataset.id}/query`, {
      token: await embedTokenFor(username),
      scheme: 'EmbedToken',
      body: salesByCountry,
    });
    expect(response.status).toBe(200);
    const seen = (response.json['rows'] as [string, number][]).map(([country]) => country);
    expect(seen).toEqual([...countries].sort((a, b) => a.localeCompare(b)));
  });
});
