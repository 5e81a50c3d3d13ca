/**
 * The test service as the set-up of a test file: started before the file's tests and closed
 * after them, with what most of those files sign in as.
 */
import { afterAll, beforeAll } from 'vitest';
import type { CreateServicesOptions } from '../../src/services.ts';
import { ids } from '../fixture-content.ts';
import { comercial, finanzas, startTestService, userToken, type TestService } from '../harness.ts';

/**
 * Call at a file's top level: a test service started (with `startTestService`'s arguments) before
 * the file's tests and closed after them. The object is filled in by that hook: read its fields
 * in hooks and tests, not while the file is being collected.
 */
export function useTestService(...args: Parameters<typeof startTestService>): TestService {
  const service = {} as TestService;
  beforeAll(async () => {
    Object.assign(service, await startTestService(...args));
  });
  afterAll(() => service.close());
  return service;
}

/** Stands in for the DuckDB registry: the sales dataset's schema, passed through untouched. */
export const salesSchema = { id: ids.salesDataset, name: 'Ventas', tables: [] };

/** Services whose only dataset schema is `salesSchema`: no DuckDB behind them. */
export const salesSchemaOnly: CreateServicesOptions = {
  datasetSchemas: { schema: (id) => (id === ids.salesDataset ? salesSchema : undefined) },
};

/**
 * Call after `useTestService`: the demo users Comercial's and Finanzas's bearer tokens, signed in
 * before the file's tests (filled in like the service).
 */
export function useDemoUserTokens(service: TestService): { comercial: string; finanzas: string } {
  const tokens = { comercial: '', finanzas: '' };
  beforeAll(async () => {
    tokens.comercial = await userToken(service.url, comercial);
    tokens.finanzas = await userToken(service.url, finanzas);
  });
  return tokens;
}
