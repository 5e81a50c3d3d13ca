import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsQuery, fetchAccountsForUser } from '../../../lib/accounts.ts';
import { api } from '../../../lib/api.ts';
import { setCachedAccounts } from '../../../lib/session.ts';

const reportPath = (uid: string) => `authoring/report/${encodeURIComponent(uid)}`;

type ReportChange = { kind: 'rename'; uid: string; name: string } | { kind: 'delete'; uid: string };

/**
 * Administrators' Cambiar nombre and Eliminar (issue 26, decision 0238): the portal changes the
 * BI service and its own copy, and the gateway then shows the accounts as the server has them.
 */
export function useReportAdmin(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ReportChange) =>
      change.kind === 'rename'
        ? api.request<void>('PATCH', reportPath(change.uid), { body: { name: change.name } })
        : api.delete<void>(reportPath(change.uid)),
    onSuccess: async () => {
      const accounts = await fetchAccountsForUser(userId);
      setCachedAccounts(accounts);
      queryClient.setQueryData(accountsQuery(userId).queryKey, accounts);
    },
  });
}
