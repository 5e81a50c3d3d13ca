import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';
import type { Account } from './models.ts';
import { setCachedAccounts } from './session.ts';

/** GET account/{id}: the accounts (with workspaces and reports) the user may see; cached in storage. */
export async function fetchAccountsForUser(userId: number): Promise<Account[]> {
  const accounts = await api.get<Account[]>(`account/${userId}`);
  setCachedAccounts(accounts);
  return accounts;
}

/** A user's accounts as one query (the gateway's list), for whoever reads or refreshes it. */
export const accountsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['accounts', userId] as const,
    queryFn: () => fetchAccountsForUser(userId),
  });
