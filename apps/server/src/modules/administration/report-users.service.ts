import {
  errorMessages,
  type PutReportUsersRequest,
  type ReportAccess,
  type ReportUsers,
} from '@vitrina/contracts';
import { appErrors } from '../../errors.ts';
import type { Actor } from '../../lib/audit.ts';
import { reportsRepository } from '../content/reports.repository.ts';
import { identitiesRepository } from '../identities/identities.repository.ts';
import { assertViewers, type PermissionChangeDeps } from '../permissions/permissions.service.ts';
import { groupPermissionsRepository } from '../permissions/group-permissions.repository.ts';
import { permissionsRepository } from '../permissions/permissions.repository.ts';
import { toUserDto } from '../users/users.presenter.ts';

const presentUsers = (levels: Record<keyof ReportUsers, Parameters<typeof toUserDto>[0][]>) => ({
  report: levels.report.map(toUserDto),
  workspace: levels.workspace.map(toUserDto),
  account: levels.account.map(toUserDto),
});

/** Who holds access to a report at each level, and setting its direct viewers. */
const levelsNarrowestFirst = ['report', 'workspace', 'account'] as const;

export function createReportUsersService(
  deps: PermissionChangeDeps & { claimRoles: readonly string[] },
) {
  const { db } = deps;

  async function locate(reportBiId: string) {
    const [report] = await reportsRepository.listByIdOrUid(db, reportBiId);
    if (!report || report.bi_id !== reportBiId)
      throw appErrors.notFound(errorMessages.reportNotFound);
    return report;
  }

  async function usersOf(report: Awaited<ReturnType<typeof locate>>) {
    const [direct, workspace, account] = await Promise.all([
      permissionsRepository.usersHolding(db, report.bi_id),
      permissionsRepository.usersHolding(db, report.workspace_bi_id),
      permissionsRepository.usersHolding(db, String(report.account_id)),
    ]);
    return {
      report: direct,
      workspace,
      account,
    };
  }

  return {
    async list(reportBiId: string): Promise<ReportUsers> {
      return presentUsers(await usersOf(await locate(reportBiId)));
    },

    /**
     * "¿Por qué puede ver esto?": each viewer with the levels that grant them the report (report,
     * workspace, account) and the effective identities their tokens carry on its account.
     */
    async explain(reportBiId: string): Promise<ReportAccess> {
      const report = await locate(reportBiId);
      const elements = {
        report: report.bi_id,
        workspace: report.workspace_bi_id,
        account: String(report.account_id),
      };
      const [levels, identities, ...viaGroups] = await Promise.all([
        usersOf(report),
        identitiesRepository.ofAccount(db, report.account_id),
        ...levelsNarrowestFirst.map((level) =>
          groupPermissionsRepository.membersHolding(db, elements[level]),
        ),
      ]);
      const byUser = new Map<number, ReportAccess[number] & { rlsUsername: string | null }>();
      const entryOf = (user: Parameters<typeof toUserDto>[0] & { rls_username: string | null }) => {
        const entry = byUser.get(user.id) ?? {
          user: toUserDto(user),
          grants: [],
          groups: [],
          identities: [],
          rlsUsername: user.rls_username,
        };
        byUser.set(user.id, entry);
        return entry;
      };
      levelsNarrowestFirst.forEach((level, index) => {
        for (const user of levels[level]) entryOf(user).grants.push(level);
        for (const member of viaGroups[index] ?? []) {
          const entry = entryOf(member);
          if (!entry.grants.includes(level)) entry.grants.push(level);
          if (!entry.groups?.includes(member.group_name)) entry.groups?.push(member.group_name);
        }
      });
      for (const identity of identities) {
        const { username, roles, datasetId } = identity;
        byUser.get(identity.userId)?.identities.push({ username, roles, datasetId });
      }
      // A provider user's RLS claim applies where no account-wide identity was mapped.
      return [...byUser.values()].map(({ rlsUsername, ...entry }) => {
        const accountWide = entry.identities.some((identity) => identity.datasetId === null);
        if (rlsUsername && !accountWide) {
          entry.identities.push({
            username: rlsUsername,
            roles: [...deps.claimRoles],
            datasetId: null,
          });
        }
        return entry;
      });
    },

    /** Replaces the report's direct viewers with `users`; inherited access is untouched. */
    async setDirect(
      reportBiId: string,
      users: PutReportUsersRequest,
      actor: Actor,
    ): Promise<ReportUsers> {
      const report = await locate(reportBiId);
      const userIds = [...new Set(users.map((u) => u.id))];
      await assertViewers(
        db,
        users.map((u) => u.id),
        (index) => `${index}.id`,
      );
      const before = (await permissionsRepository.usersHolding(db, report.bi_id)).map((u) => u.id);
      const entry = {
        action: 'report.users.set',
        targetType: 'report',
        targetId: report.bi_id,
        detail: { users: userIds, before, after: userIds },
      };
      await deps.audit.change(db, actor, entry, async (trx) => {
        await permissionsRepository.deleteByElements(trx, [report.bi_id]);
        await permissionsRepository.insert(
          trx,
          userIds.map((user_id) => ({
            user_id,
            account_element_id: report.bi_id,
            element_type: 'report' as const,
          })),
        );
      });
      deps.grants.invalidate();
      return presentUsers(await usersOf(report));
    },
  };
}
export type ReportUsersService = ReturnType<typeof createReportUsersService>;
