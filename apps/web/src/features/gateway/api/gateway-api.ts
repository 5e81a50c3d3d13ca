import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsQuery } from '../../../lib/accounts.ts';
import { api } from '../../../lib/api.ts';
import { getCachedAccounts, setCachedAccounts } from '../../../lib/session.ts';
import { withFavorite } from './with-favorite.ts';

/** The user's accounts: shown at once from the local cache, then refreshed from the server. */
export const useGatewayAccounts = (userId: number) =>
  useQuery({
    ...accountsQuery(userId),
    initialData: getCachedAccounts,
    initialDataUpdatedAt: 0,
  });

interface FavoriteChange {
  reportId: string;
  favorite: boolean;
}

/** POST favorite / DELETE favorite/{reportId}; on success the cached accounts are updated (spec §4). */
export function useToggleFavorite(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, favorite }: FavoriteChange) =>
      favorite
        ? api.post('favorite', { reportId, userId })
        : api.delete(`favorite/${encodeURIComponent(reportId)}`),
    onSuccess: (_result, { reportId, favorite }) => {
      const updated = withFavorite(getCachedAccounts(), reportId, favorite);
      setCachedAccounts(updated);
      queryClient.setQueryData(accountsQuery(userId).queryKey, updated);
    },
  });
}
