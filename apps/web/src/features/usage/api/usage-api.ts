import { queryOptions } from '@tanstack/react-query';
import type { ReportUsage, UsageOverview, UserUsage } from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';

/** The filters of "Uso": UTC days (`YYYY-MM-DD`), account and workspace. */
export interface UsageFilters {
  from: string;
  to: string;
  accountId?: number | undefined;
  workspaceId?: string | undefined;
}

function queryOf(filters: UsageFilters, format?: 'csv') {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.accountId !== undefined) params.set('accountId', String(filters.accountId));
  if (filters.workspaceId) params.set('workspaceId', filters.workspaceId);
  if (format) params.set('format', format);
  return `?${params}`;
}

/** What "Uso" shows: everything, one report, one user. */
export type UsageSubject =
  { kind: 'all' } | { kind: 'report'; uid: string } | { kind: 'user'; id: number };

function pathOf(subject: UsageSubject) {
  if (subject.kind === 'report') return `usage/reports/${encodeURIComponent(subject.uid)}`;
  if (subject.kind === 'user') return `usage/users/${subject.id}`;
  return 'usage';
}

export const usageOverviewQuery = (filters: UsageFilters) =>
  queryOptions({
    queryKey: ['usage', 'all', filters] as const,
    queryFn: () => api.get<UsageOverview>(`usage${queryOf(filters)}`),
  });

export const reportUsageQuery = (uid: string, filters: UsageFilters) =>
  queryOptions({
    queryKey: ['usage', 'report', uid, filters] as const,
    queryFn: () => api.get<ReportUsage>(`${pathOf({ kind: 'report', uid })}${queryOf(filters)}`),
  });

export const userUsageQuery = (id: number, filters: UsageFilters) =>
  queryOptions({
    queryKey: ['usage', 'user', id, filters] as const,
    queryFn: () => api.get<UserUsage>(`${pathOf({ kind: 'user', id })}${queryOf(filters)}`),
  });

/** The same figures as a Spanish CSV file. */
export const usageCsv = (subject: UsageSubject, filters: UsageFilters) =>
  api.file(`${pathOf(subject)}${queryOf(filters, 'csv')}`);
