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
import { permissionsRepository } from '../permissions/permissions.repository.ts';
import { toUserDto } from '../users/users.presenter.ts';

/** Who holds access to a report at each level, and setting its direct viewers. */
export function createReportUsersService(deps: PermissionChangeDeps) {
  const { db } = deps;

  async function locate(reportBiId: string) {
    const [report] = await reportsRepository.listByIdOrUid(db, reportBiId);
    if (!report || report.bi_id !== reportBiId)
      throw appErrors.notFound(errorMessages.reportNotFound);
    return report;
  }

  async function usersOf(report: Awaited<ReturnType<typeof locate>>): Promise<ReportUsers> {
    const [direct, workspace, account] = await Promise.all([
      permissionsRepository.usersHolding(db, report.bi_id),
      permissionsRepository.usersHolding(db, report.workspace_bi_id),
      permissionsRepository.usersHolding(db, String(report.account_id)),
    ]);
    return {
      report: direct.map(toUserDto),
      workspace: workspace.map(toUserDto),
      account: account.map(toUserDto),
    };
  }

  return {
    async list(reportBiId: string): Promise<ReportUsers> {
      return usersOf(await locate(reportBiId));
    },

    /**
     * "¿Por qué puede ver esto?": each viewer with the levels that grant them the report (report,
     * workspace, account) and the effective identities their tokens carry on its account.
     */
    async explain(reportBiId: string): Promise<ReportAccess> {
      const report = await locate(reportBiId);
      const [levels, identities] = await Promise.all([
        usersOf(report),
        identitiesRepository.ofAccount(db, report.account_id),
      ]);
      const byUser = new Map<number, ReportAccess[number]>();
      for (const level of ['report', 'workspace', 'account'] as const) {
        for (const user of levels[level]) {
          const entry = byUser.get(user.id) ?? { user, grants: [], identities: [] };
          entry.grants.push(level);
          byUser.set(user.id, entry);
        }
      }
      for (const identity of identities) {
        const { username, roles, datasetId } = identity;
        byUser.get(identity.userId)?.identities.push({ username, roles, datasetId });
      }
      return [...byUser.values()];
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
      const entry = {
        action: 'report.users.set',
        targetType: 'report',
        targetId: report.bi_id,
        detail: { users: userIds },
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
      return usersOf(report);
    },
  };
}
export type ReportUsersService = ReturnType<typeof createReportUsersService>;
