import type { DatasetRow } from '../content/content.repository.ts';
import type { EffectiveIdentityClaim } from '../identity/embed-token.ts';
import { invalidRequest } from '../../http/powerbi-error.ts';

/** An `identities[]` entry of a GenerateToken request (EffectiveIdentity). */
export interface IdentityInput {
  username: string;
  roles?: string[] | undefined;
  datasets: string[];
}

/**
 * Checks the effective identities against the datasets the token grants and returns them as
 * claims. Fails closed: a dataset with row-level-security roles must be covered by an identity
 * whose roles all exist in it, and a dataset without roles takes no identity.
 */
export function resolveIdentities(
  datasets: DatasetRow[],
  identities: IdentityInput[] | undefined,
): EffectiveIdentityClaim[] | undefined {
  const byId = new Map(datasets.map((dataset) => [dataset.id, dataset]));
  const covered = new Set<string>();
  const claims = (identities ?? []).map((identity) => {
    const datasetIds = identity.datasets.map((id) => id.toLowerCase());
    const roles = identity.roles ?? [];
    if (datasetIds.length === 0)
      throw invalidRequest(`Identity ${identity.username} must name its datasets`);
    for (const datasetId of datasetIds) {
      const dataset = byId.get(datasetId);
      if (!dataset)
        throw invalidRequest(
          `Identity ${identity.username} names dataset ${datasetId}, which the token does not include`,
        );
      if (dataset.roles.length === 0) {
        throw invalidRequest(
          `Dataset ${datasetId} does not support an effective identity: it has no row-level security roles`,
        );
      }
      if (roles.length === 0)
        throw invalidRequest(`Dataset ${datasetId} requires roles for the effective identity`);
      const unknown = roles.filter((role) => !dataset.roles.includes(role));
      if (unknown.length > 0)
        throw invalidRequest(`Dataset ${datasetId} has no role named ${unknown.join(', ')}`);
      covered.add(datasetId);
    }
    return { username: identity.username, roles, datasets: datasetIds };
  });
  const uncovered = datasets.filter(
    (dataset) => dataset.roles.length > 0 && !covered.has(dataset.id),
  );
  if (uncovered.length > 0) {
    throw invalidRequest(
      `Creating an embed token for dataset ${uncovered[0]!.id} requires an effective identity to be provided`,
    );
  }
  return claims.length > 0 ? claims : undefined;
}
