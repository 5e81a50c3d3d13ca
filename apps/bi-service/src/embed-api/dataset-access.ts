/**
 * What every data call of the embed API does first: check the embed token, find the dataset,
 * check that the token was generated for it and take the token's effective identity for it.
 * Nothing the frame sends besides the token decides scope or identity.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DatasetRegistry, type LoadedDataset } from '../datasets/registry.ts';
import { QueryError } from '../query/query-error.ts';
import type { RunOptions } from '../query/run-query.ts';
import { entityNotFound, invalidRequest, notAuthorized } from '../rest/powerbi-error.ts';
import type { BiServices } from '../services.ts';
import { assertTokenCovers, verifyEmbedToken } from '../tokens/embed-token.ts';

export interface DatasetAccess {
  dataset: LoadedDataset;
  /** Run options carrying the token's effective identity for this dataset, if any. */
  options: RunOptions;
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
    options: identity ? { identity: { username: identity.username, roles: identity.roles } } : {},
  };
}

const datasetParams = z.object({ datasetId: z.string().min(1).max(100) });

/**
 * Registers `POST /v1.0/embed/datasets/{id}/{action}`: token and scope checks, then `handle`;
 * a query the dataset cannot answer becomes 400 InvalidRequest.
 */
export function postDatasetAction<Body extends z.ZodType>(
  app: FastifyInstance,
  services: Pick<BiServices, 'datasetSchemas'>,
  action: 'query' | 'export' | 'qna',
  body: Body,
  handle: (access: DatasetAccess, body: z.output<Body>, reply: FastifyReply) => Promise<unknown>,
): void {
  const registry = datasetRegistryOf(services);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      `/v1.0/embed/datasets/:datasetId/${action}`,
      { schema: { params: datasetParams, body } },
      async (request, reply) => {
        const access = await openDatasetForToken(
          registry,
          request.headers.authorization,
          request.params.datasetId,
        );
        try {
          return await handle(access, request.body as z.output<Body>, reply);
        } catch (error) {
          if (error instanceof QueryError) throw invalidRequest(error.message);
          throw error;
        }
      },
    );
}
