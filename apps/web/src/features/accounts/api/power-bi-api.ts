import { useQuery } from '@tanstack/react-query';
import type { ConnectionTest, PutRlsIdentityRequest, RlsIdentity } from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';
import { usersQuery } from '../../../lib/users.ts';

/** "Probar conexión": sign-in, workspaces and one embed token, step by step. */
export const testConnection = (accountId: number) =>
  api.post<ConnectionTest>(`account/${accountId}/test`, {});

export const identitiesKey = (accountId: number) => ['admin', 'identities', accountId] as const;

/** The viewers' effective identities (row-level security) of one account. */
export const useIdentities = (accountId: number | undefined) =>
  useQuery({
    queryKey: identitiesKey(accountId ?? 0),
    queryFn: () => api.get<RlsIdentity[]>(`account/${accountId}/identities`),
    enabled: accountId !== undefined,
  });

/** Every portal user, to pick whom an identity is for (loaded once the modal opens). */
export const usePortalUsers = (enabled: boolean) => useQuery({ ...usersQuery, enabled });

export const putIdentity = (accountId: number, body: PutRlsIdentityRequest) =>
  api.put(`account/${accountId}/identities`, body);
export const deleteIdentity = (accountId: number, identityId: number) =>
  api.delete(`account/${accountId}/identities/${identityId}`);
