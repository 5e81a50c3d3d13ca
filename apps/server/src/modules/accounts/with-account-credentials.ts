import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import { BiServiceError } from '../bi-client/bi-errors.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import { portalErrorOf } from '../bi-client/portal-error.ts';
import { credentialsOf } from './account-credentials.ts';
import { accountsRepository } from './accounts.repository.ts';
import type { SecretBox } from './secret-box.ts';

const accountNotFound = 'La cuenta de integración no existe.';

/**
 * Runs BI calls with an account's credentials: a missing account is 404, and a failed call is
 * the portal's error for it (`portalErrorOf`).
 */
export async function withAccountCredentials<T>(
  deps: { db: Kysely<Database>; secrets: SecretBox },
  accountId: number,
  work: (credentials: BiCredentials) => Promise<T>,
): Promise<T> {
  const row = await accountsRepository.getById(deps.db, accountId);
  if (!row) throw appErrors.notFound(accountNotFound);
  try {
    return await work(credentialsOf(row, deps.secrets));
  } catch (error) {
    if (error instanceof BiServiceError) throw portalErrorOf(error);
    throw error;
  }
}
