import {
  unusedAfterDays,
  type ReportUsage,
  type UsageFilter,
  type UsageOpen,
  type UsageOverview,
  type UserUsage,
} from '@vitrina/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionUser } from '../../lib/sessions.ts';
import type { ContentCache } from '../content/content-cache.ts';
import type { ContentSnapshot } from '../content/content-snapshot.ts';
import { usersRepository } from '../users/users.repository.ts';
import { findReport } from '../viewer/viewer-access.ts';
import { dayFromText, dayOf, figuresOf, groupBy } from './usage-figures.ts';
import { usageRepository, type OpensScope, type StoredOpen } from './usage.repository.ts';

/** Without dates a read covers the last 30 days, today included. */
const defaultRangeDays = 30;
/** The opens a user's history lists (the figures cover the whole range). */
const recentOpensListed = 200;

const usageMessages = {
  rangeReversed: 'La fecha de inicio no puede ser posterior a la de fin.',
} as const;

export interface UsageDeps {
  db: Kysely<Database>;
  clock: Clock;
  content: ContentCache;
  retentionDays: number;
  /** Told of every recorded open (the OpenTelemetry metrics, when on). */
  onOpen?: (open: UsageOpen) => void;
}

/**
 * Usage (issue 30): records each open the viewer reports and reads them back per report, per
 * user and overall. The figures are computed from the rows of the range (narrow rows, indexed
 * by day), so a percentile is exact, not an estimate.
 */
export function createUsageService(deps: UsageDeps) {
  const { db, clock, content } = deps;
  const today = () => dayOf(clock.now().getTime());

  function scopeOf(filter: UsageFilter): OpensScope {
    const toDay = filter.to ? dayFromText(filter.to) : today();
    const fromDay = filter.from ? dayFromText(filter.from) : toDay - (defaultRangeDays - 1);
    if (fromDay > toDay) throw appErrors.validation('from', usageMessages.rangeReversed);
    return {
      fromDay,
      toDay,
      ...(filter.accountId === undefined ? {} : { accountId: filter.accountId }),
      ...(filter.workspaceId === undefined ? {} : { workspaceId: filter.workspaceId }),
    };
  }

  const reportName = (snapshot: ContentSnapshot, uid: string) =>
    snapshot.reportsByUid.get(uid)?.report.name ?? uid;

  /** Reports of the filter's account and workspace nobody opened in the last 90 days. */
  async function unused(snapshot: ContentSnapshot, scope: OpensScope) {
    const lastOpens = await usageRepository.lastOpens(db, today() - (deps.retentionDays - 1));
    const since = clock.now().getTime() - unusedAfterDays * 86_400_000;
    return [...snapshot.reportsByUid.values()]
      .filter(
        (placement) =>
          (scope.accountId === undefined || placement.account.id === scope.accountId) &&
          (scope.workspaceId === undefined || placement.workspace.id === scope.workspaceId) &&
          (lastOpens.get(placement.report.uId) ?? -Infinity) < since,
      )
      .map((placement) => {
        const last = lastOpens.get(placement.report.uId);
        return {
          reportUid: placement.report.uId,
          name: placement.report.name,
          account: placement.account.description || placement.account.username,
          workspace: placement.workspace.name,
          lastOpen: last === undefined ? null : new Date(last).toISOString(),
        };
      });
  }

  return {
    /** An open `user` reports; a report the portal does not know is refused (404). */
    async record(user: SessionUser, open: UsageOpen): Promise<void> {
      const placement = await findReport(content, open.reportUid);
      const atMs = clock.now().getTime();
      await usageRepository.insert(db, {
        at_ms: atMs,
        day: dayOf(atMs),
        report_uid: open.reportUid,
        user_id: user.id,
        account_id: placement.account.id,
        workspace_id: placement.workspace.id,
        page: open.page ?? null,
        token_ms: open.phases.tokenMs ?? null,
        loaded_ms: open.phases.loadedMs ?? null,
        rendered_ms: open.phases.renderedMs ?? null,
        total_ms: open.phases.totalMs ?? null,
        error_code: open.errorCode ?? null,
        phone: open.device === 'phone' ? 1 : 0,
      });
      deps.onOpen?.(open);
    },

    /** "Uso": every open in the range, per report, and the reports nobody opened lately. */
    async overview(filter: UsageFilter): Promise<UsageOverview> {
      const scope = scopeOf(filter);
      const [opens, snapshot] = await Promise.all([
        usageRepository.opens(db, scope),
        content.get(),
      ]);
      const reports = [...groupBy(opens, (open) => open.reportUid)].map(([uid, ofReport]) => {
        const figures = figuresOf(ofReport, scope.fromDay, scope.toDay);
        const placement = snapshot.reportsByUid.get(uid);
        return {
          reportUid: uid,
          name: reportName(snapshot, uid),
          account: placement ? placement.account.description || placement.account.username : '',
          workspace: placement?.workspace.name ?? '',
          opens: figures.opens,
          viewers: figures.viewers,
          p50Ms: figures.p50Ms,
          p95Ms: figures.p95Ms,
          p99Ms: figures.p99Ms,
          errors: figures.errors.reduce((sum, error) => sum + error.count, 0),
          lastOpen: figures.lastOpen,
        };
      });
      reports.sort((a, b) => b.opens - a.opens || a.name.localeCompare(b.name, 'es'));
      return {
        ...figuresOf(opens, scope.fromDay, scope.toDay),
        reports,
        unused: await unused(snapshot, scope),
      };
    },

    /** `GET usage/reports/{uId}`: one report's figures in the range. */
    async report(uid: string, filter: UsageFilter): Promise<ReportUsage> {
      const scope = { ...scopeOf(filter), reportUid: uid };
      const placement = await findReport(content, uid);
      const opens = await usageRepository.opens(db, scope);
      return {
        reportUid: uid,
        name: placement.report.name,
        ...figuresOf(opens, scope.fromDay, scope.toDay),
      };
    },

    /** `GET usage/users/{id}`: what the user opened and when, newest first, and their figures. */
    async user(userId: number, filter: UsageFilter): Promise<UserUsage> {
      const user = await usersRepository.getById(db, userId);
      if (!user) throw appErrors.notFound();
      const scope = { ...scopeOf(filter), userId };
      const [opens, snapshot] = await Promise.all([
        usageRepository.opens(db, scope),
        content.get(),
      ]);
      return {
        userId,
        username: user.username,
        ...figuresOf(opens, scope.fromDay, scope.toDay),
        recent: opens
          .slice(-recentOpensListed)
          .reverse()
          .map((open: StoredOpen) => ({
            at: new Date(open.atMs).toISOString(),
            reportUid: open.reportUid,
            reportName: reportName(snapshot, open.reportUid),
            page: open.page,
            totalMs: open.totalMs,
            errorCode: open.errorCode,
            device: open.phone ? ('phone' as const) : ('desktop' as const),
          })),
      };
    },

    /** Drops the opens older than the retention; answers how many went. */
    prune: () => usageRepository.pruneBefore(db, today() - (deps.retentionDays - 1)),
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
