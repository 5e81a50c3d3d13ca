import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, UpdateUserRequest, UserOrigin } from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';
import type { User } from '../../../lib/models.ts';
import { usersQuery } from '../../../lib/users.ts';

export const useUsers = () => useQuery(usersQuery);

/** GET user/origins, with a provider only: each user's origin and the claims behind their role. */
export const useUserOrigins = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'user-origins'],
    queryFn: async () =>
      new Map((await api.get<UserOrigin[]>('user/origins')).map((o) => [o.userId, o])),
    enabled,
  });

/**
 * The user table is reloaded after create, update and delete (spec §4). The promise settles once
 * the reloaded list has arrived, so a mutation that returns it stays pending until then.
 */
export function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersQuery.queryKey, exact: true });
}

export const createUser = (body: CreateUserRequest) => api.post<User>('user', body);
export const updateUser = (body: UpdateUserRequest) => api.put<User>('user', body);
export const deleteUser = (id: number) => api.delete(`user/${id}`);
export const resetPassword = (id: number) => api.put('user/reset', { id });
