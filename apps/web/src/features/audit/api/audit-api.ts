import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditExportFormat, AuditPage } from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';

/** The screen's filters as typed: dates are local calendar days (AAAA-MM-DD). */
export interface AuditFilters {
  user: string;
  action: string;
  target: string;
  fromDay: string;
  toDay: string;
}

export const noAuditFilters: AuditFilters = {
  user: '',
  action: '',
  target: '',
  fromDay: '',
  toDay: '',
};

/** The query string: local days become the instants that bound them, in UTC. */
function paramsOf(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['user', 'action', 'target'] as const) {
    if (filters[key].trim()) params.set(key, filters[key].trim());
  }
  if (filters.fromDay) params.set('from', new Date(`${filters.fromDay}T00:00`).toISOString());
  if (filters.toDay) params.set('to', new Date(`${filters.toDay}T23:59:59.999`).toISOString());
  return params;
}

export const auditPageQuery = (filters: AuditFilters, cursor: string | null) => {
  const params = paramsOf(filters);
  if (cursor) params.set('cursor', cursor);
  return queryOptions({
    queryKey: ['audit', filters, cursor] as const,
    queryFn: () => api.get<AuditPage>(`audit?${params}`),
    placeholderData: keepPreviousData,
  });
};

/** Every entry the filters match, as a file (the server streams it). */
export function downloadAudit(filters: AuditFilters, format: AuditExportFormat): Promise<Blob> {
  const params = paramsOf(filters);
  params.set('format', format);
  return api.file(`audit?${params}`);
}
