import { api } from './api.ts';
import type { Account } from './models.ts';
import { setCachedAccounts } from './session.ts';

/** The react-query key of a user's accounts (the gateway's list). */
export const accountsQueryKey = (userId: number) => ['accounts', userId] as const;

/** GET account/{id}: the accounts (with workspaces and reports) the user may see; cached in storage. */
export async function fetchAccountsForUser(userId: number): Promise<Account[]> {
  const accounts = await api.get<Account[]>(`account/${userId}`);
  setCachedAccounts(accounts);
  return accounts;
}
