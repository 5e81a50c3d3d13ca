/**
 * What every data call of the embed API does first: check the embed token, find the dataset,
 * check that the token was generated for it and take the token's effective identity for it.
 * Nothing the frame sends besides the token decides scope or identity.
 */
import { DatasetRegistry, type LoadedDataset } from '../datasets/registry.ts';
import { QueryError } from '../query/query-error.ts';
import type { EffectiveIdentity } from '../query/row-security.ts';
import { entityNotFound, invalidRequest, notAuthorized } from '../rest/powerbi-error.ts';
import type { BiServices } from '../services.ts';
import { assertTokenCovers, verifyEmbedToken } from '../tokens/embed-token.ts';

export interface DatasetAccess {
  dataset: LoadedDataset;
  identity?: EffectiveIdentity;
}

/** The DuckDB datasets the service was built with (none when it was built without them). */
export function datasetRegistryOf(
  services: Pick<BiServices, 'datasetSchemas'>,
): DatasetRegistry | undefined {
  return services.datasetSchemas instanceof DatasetRegistry ? services.datasetSchemas : undefined;
}

export async function openDatasetForToken(
  registry: DatasetRegistry | undefined,
  authorization: string | undefined,
  datasetId: string,
): Promise<DatasetAccess> {
  const claims = await verifyEmbedToken(authorization);
  const id = datasetId.toLowerCase();
  const dataset = registry?.get(id);
  if (!dataset) throw entityNotFound(`Dataset ${datasetId}`);
  assertTokenCovers(claims, 'dataset', id);
  const identity = claims.identities?.find((candidate) => candidate.datasets.includes(id));
  // Fail closed: a dataset with roles is never read without an identity to filter it by.
  if ((dataset.model.definition.roles ?? []).length > 0 && !identity) {
    throw notAuthorized(`Dataset ${datasetId} requires an effective identity`);
  }
  return {
    dataset,
    ...(identity ? { identity: { username: identity.username, roles: identity.roles } } : {}),
  };
}

/** Runs `work`, turning a query the dataset cannot answer into 400 InvalidRequest. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueryError) throw invalidRequest(error.message);
    throw error;
  }
}
