import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryAccess } from '../demo/index.ts';
import { securedSalesDataset } from '../demo/sales-model.ts';
import { appToken, call, startDemoDataService, type TestService } from './harness.ts';

/** The whole chain on the demo: service principal → GenerateToken with an identity → query. */
let service: TestService;
let url: string;

beforeAll(async () => {
  service = await startDemoDataService();
  url = service.url;
});
afterAll(() => service.close());

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
