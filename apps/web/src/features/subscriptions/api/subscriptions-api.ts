import { queryOptions } from '@tanstack/react-query';
import type {
  ProviderGroup,
  ReportPage,
  Subscription,
  SubscriptionBody,
  SubscriptionRun,
  SubscriptionView,
} from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';

/** GET subscriptions: all (administrators, optionally by report or recipient) or the user's own. */
export const subscriptionsQuery = (filter: { reportUid?: string; userId?: number }) => {
  const params = new URLSearchParams();
  if (filter.reportUid) params.set('reportUid', filter.reportUid);
  if (filter.userId !== undefined) params.set('userId', String(filter.userId));
  const query = params.size > 0 ? `?${params}` : '';
  return queryOptions({
    queryKey: ['subscriptions', filter] as const,
    queryFn: () => api.get<Subscription[]>(`subscriptions${query}`),
  });
};

/** The pages a subscription to `reportUid` may choose (none until a report is chosen). */
export const reportPagesQuery = (reportUid: string | undefined) =>
  queryOptions({
    queryKey: ['subscriptions', 'pages', reportUid] as const,
    queryFn: () =>
      api.get<ReportPage[]>(`subscriptions/pages?reportUid=${encodeURIComponent(reportUid ?? '')}`),
    enabled: Boolean(reportUid),
  });

/** GET groups: the provider groups an administrator may send a subscription to. */
export const recipientGroupsQuery = {
  queryKey: ['admin', 'groups'],
  queryFn: () => api.get<ProviderGroup[]>('groups'),
} as const;

export const createSubscription = (body: SubscriptionBody) =>
  api.post<Subscription>('subscriptions', body);
export const updateSubscription = (id: number, body: SubscriptionBody) =>
  api.put<Subscription>(`subscriptions/${id}`, body);
export const deleteSubscription = (id: number) => api.delete(`subscriptions/${id}`);
export const sendSubscriptionNow = (id: number) =>
  api.post<SubscriptionRun>(`subscriptions/${id}/send`, {});
export const fetchSubscriptionView = (id: number) =>
  api.get<SubscriptionView>(`subscriptions/${id}/view`);
export const unsubscribe = (token: string) =>
  api.post<{ message: string }>('subscriptions/unsubscribe', { token });

/** The body that saves `subscription` as it is, with `changes` (pause, resume). */
export function bodyOf(subscription: Subscription, changes: Partial<SubscriptionBody> = {}) {
  // What the server adds to a subscription is not part of what it takes.
  const {
    id: _id,
    reportName: _reportName,
    ownerId: _ownerId,
    nextRunAt: _nextRunAt,
    lastRun: _lastRun,
    ...body
  } = subscription;
  return { ...body, ...changes } satisfies SubscriptionBody;
}
