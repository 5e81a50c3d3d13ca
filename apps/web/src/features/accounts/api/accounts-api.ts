import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAccountRequest, UpdateAccountRequest } from '@vitrina/contracts';
import { fetchAccountsForUser } from '../../../lib/accounts.ts';
import { api } from '../../../lib/api.ts';
import { getCurrentUser } from '../../../lib/session.ts';

const accountsKey = ['admin', 'accounts'] as const;

/** The accounts list; every load also refreshes the `accounts` cache in local storage (spec §3). */
export const useAccounts = () =>
  useQuery({
    queryKey: accountsKey,
    queryFn: () => fetchAccountsForUser(getCurrentUser()?.id ?? 0),
  });

/** Reloads the list and waits for it, so buttons leave loading only after the refreshed list arrives. */
export function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountsKey, exact: true });
}

export const createAccount = (body: CreateAccountRequest) =>
  api.post<{ username: string }>('account', body);
export const updateAccount = (body: UpdateAccountRequest) =>
  api.put<{ description: string }>('account', body);
export const deleteAccount = (id: number) => api.delete(`account/${id}`);
