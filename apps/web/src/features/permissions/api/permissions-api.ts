import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type {
  GroupPermission,
  ProviderGroup,
  PutGroupPermissionsRequest,
  PutPermissionsRequest,
  PutReportUsersRequest,
} from '@vitrina/contracts';
import type { Account, Permission, ReportUsers } from '../../../lib/models.ts';

/** GET administration/reports/accounts: every account with its workspaces and reports. */
export const useAdminTree = () =>
  useQuery({
    queryKey: ['admin', 'reports-tree'],
    queryFn: () => api.get<Account[]>('administration/reports/accounts'),
  });

export const userPermissionsKey = (userId: number | null) =>
  ['admin', 'user-permissions', userId] as const;

/** GET user/{id}/permissions (nothing to load for a user not yet created). */
export const useUserPermissions = (userId: number | null) =>
  useQuery({
    queryKey: userPermissionsKey(userId),
    queryFn: () =>
      userId === null ? Promise.resolve([]) : api.get<Permission[]>(`user/${userId}/permissions`),
  });

/** PUT user/permissions, or DELETE user/permissions/{id} when the selection is empty (spec §4). */
export async function saveUserPermissions(userId: number, records: PutPermissionsRequest) {
  if (records.length === 0) await api.delete(`user/permissions/${userId}`);
  else await api.put('user/permissions', records);
}

/** GET groups: the provider groups seen at sign-in (none without a provider). */
export const useProviderGroups = () =>
  useQuery({ queryKey: ['admin', 'groups'], queryFn: () => api.get<ProviderGroup[]>('groups') });

export const groupPermissionsKey = (name: string) => ['admin', 'group-permissions', name] as const;

/** GET groups/{name}/permissions. */
export const useGroupPermissions = (name: string) =>
  useQuery({
    queryKey: groupPermissionsKey(name),
    queryFn: () => api.get<GroupPermission[]>(`groups/${encodeURIComponent(name)}/permissions`),
  });

/** PUT groups/{name}/permissions: the group's whole set (empty clears it). */
export const saveGroupPermissions = (name: string, grants: PutGroupPermissionsRequest) =>
  api.put(`groups/${encodeURIComponent(name)}/permissions`, grants);

export const reportUsersKey = (reportId: string | null) =>
  ['admin', 'report-users', reportId] as const;

/** GET administration/report/{id}/users: the report, workspace and account lists. */
export const useReportUsers = (reportId: string | null) =>
  useQuery({
    queryKey: reportUsersKey(reportId),
    queryFn: () =>
      api.get<ReportUsers>(`administration/report/${encodeURIComponent(reportId ?? '')}/users`),
    enabled: reportId !== null,
  });

/** PUT administration/report/{id}/users: the report's direct viewers, each with its end. */
export const saveReportUsers = (reportId: string, users: PutReportUsersRequest) =>
  api.put(`administration/report/${encodeURIComponent(reportId)}/users`, users);
