/**
 * The BI service over real HTTP with the mini retail fixture datasets, and embed tokens signed
 * with the service's own key for whatever grant a test needs.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Query } from '@vitrina/bi-model';
import type { DatasetRegistry } from '../src/engine/registry.ts';
import { signEmbedToken, type EmbedTokenClaims } from '../src/modules/identity/embed-token.ts';
import { call, startTestService, type TestService } from './harness.ts';
import { miniRetail, openMiniRetail, securedMiniRetail } from './mini-retail.ts';

export const open = miniRetail.id;
export const secured = securedMiniRetail.id;

export const byCountry: Query = {
  groupBy: [{ table: 'Region', column: 'Pais' }],
  measures: [{ table: 'Ventas', measure: 'Total' }],
};

/** The mini retail's answer to `byCountry`: total sales of each country, with no filter. */
export const byCountryAnswer = {
  columns: [
    { name: 'Pais', type: 'string' },
    { name: 'Total', type: 'number' },
  ],
  rows: [
    ['Chile', 51],
    ['Perú', 48],
  ],
  truncated: false,
};

/** Starts the service before the file's tests and stops it after them. */
export function useDataService() {
  let service: TestService;
  let registry: DatasetRegistry;
  beforeAll(async () => {
    ({ registry } = await openMiniRetail());
    service = await startTestService({ VITRINA_DEMO: 'false' }, { datasetSchemas: registry });
  });
  afterAll(async () => {
    await service.close();
    registry.close();
  });

  function token(grant: Partial<Omit<EmbedTokenClaims, 'iat' | 'ver'>> = {}) {
    return signEmbedToken(service.services.embedTokenKey, {
      sub: 'test',
      reports: [],
      datasets: [open],
      dashboards: [],
      tiles: [],
      workspaces: [],
      accessLevel: 'View',
      exp: Math.floor(Date.now() / 1000) + 3600,
      ...grant,
    });
  }

  /** POSTs `body` to a dataset action with an `EmbedToken` authorization (when given). */
  async function post(
    datasetId: string,
    action: 'query' | 'export' | 'qna',
    body: unknown,
    embedToken?: string,
  ) {
    return call(service.url, `/v1.0/embed/datasets/${datasetId}/${action}`, {
      ...(embedToken ? { token: embedToken, scheme: 'EmbedToken' } : {}),
      body,
    });
  }

  return {
    token,
    post,
    url: () => service.url,
    query: (datasetId: string, body: unknown, embedToken?: string) =>
      post(datasetId, 'query', body, embedToken),
  };
}
