import { contentCalls } from './bi-content-calls.ts';
import { datasetCalls } from './bi-dataset-calls.ts';
import { exportCalls } from './bi-export-calls.ts';
import { createBiRequester, type BiRequesterOptions } from './bi-requester.ts';
import { tokenCalls } from './bi-token-calls.ts';

/**
 * The Power BI REST calls the portal makes, with the account's credentials: one typed method per
 * call, each answer parsed with the contract in `@vitrina/bi-model/rest`. `apiUrl` is the host
 * (https://api.powerbi.com or the bundled service).
 */
export function createBiClient(options: BiRequesterOptions) {
  const requester = createBiRequester(options);
  const { call } = requester;
  return {
    ...contentCalls(call),
    ...tokenCalls(call),
    ...datasetCalls(call),
    ...exportCalls(requester),
  };
}
export type BiClient = ReturnType<typeof createBiClient>;

/** A report or dashboard as the portal lists it. */
export type BiItem = Awaited<ReturnType<BiClient['listItems']>>[number];
