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
import { presentedValidUntil, storedValidUntil } from '../permissions/grant-end.ts';
import { isGrantInForce } from '../permissions/permissions.policy.ts';
import { assertViewers, type PermissionChangeDeps } from '../permissions/permissions.service.ts';
import { groupPermissionsRepository } from '../permissions/group-permissions.repository.ts';
import { permissionsRepository } from '../permissions/permissions.repository.ts';
import { toUserDto } from '../users/users.presenter.ts';

type Holder = Parameters<typeof toUserDto>[0] & { valid_until: string | null };
const toReportUser = (holder: Holder) => ({
  ...toUserDto(holder),
  ...presentedValidUntil(holder.valid_until),
});
const presentUsers = (levels: Record<keyof ReportUsers, Holder[]>): ReportUsers => ({
  report: levels.report.map(toReportUser),
  workspace: levels.workspace.map(toReportUser),
  account: levels.account.map(toReportUser),
});

/** Who holds access to a report at each level, and setting its direct viewers. */
const levelsNarrowestFirst = ['report', 'workspace', 'account'] as const;

export function createReportUsersService(
  deps: PermissionChangeDeps & { claimRoles: readonly string[]; now: () => number },
) {
  const { db } = deps;
  const inForce = <T extends { valid_until: string | null }>(holders: T[]) => {
    const now = deps.now();
    return holders.filter((holder) => isGrantInForce(holder.valid_until, now));
  };

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
     * workspace, account) and the effective identities their tokens carry on its account. Ended
     * grants no longer explain anything.
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
        for (const user of inForce(levels[level])) entryOf(user).grants.push(level);
        for (const member of inForce(viaGroups[index] ?? [])) {
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

    /**
     * Replaces the report's direct viewers with `users`, each with its end if given (the last
     * record naming a user wins); inherited access is untouched.
     */
    async setDirect(
      reportBiId: string,
      users: PutReportUsersRequest,
      actor: Actor,
    ): Promise<ReportUsers> {
      const report = await locate(reportBiId);
      const ends = new Map(users.map((u) => [u.id, u.validUntil]));
      const userIds = [...ends.keys()];
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
            valid_until: storedValidUntil(ends.get(user_id)),
          })),
        );
      });
      deps.grants.invalidate();
      return presentUsers(await usersOf(report));
    },
  };
}
export type ReportUsersService = ReturnType<typeof createReportUsersService>;
