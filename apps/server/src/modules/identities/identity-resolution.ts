import type { StoredIdentity } from './identities.repository.ts';

/**
 * The identity a viewer's token carries for one dataset: the one mapped to that dataset wins
 * over the account-wide one; undefined when neither exists (the viewer must then fail closed).
 */
export function identityFor(
  identities: readonly StoredIdentity[],
  accountId: number,
  datasetId: string,
): StoredIdentity | undefined {
  const ofAccount = identities.filter((identity) => identity.accountId === accountId);
  return (
    ofAccount.find((identity) => identity.datasetId === datasetId) ??
    ofAccount.find((identity) => identity.datasetId === null)
  );
}
