import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Refresh } from '@vitrina/bi-model/rest';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import { BiFailure, BiServiceError } from '../bi-client/bi-errors.ts';
import type { ContentCache } from '../content/content-cache.ts';
import type { ReportPlacement } from '../content/content-snapshot.ts';
import type { ViewerAccess } from '../viewer/viewer-access.ts';
import { lateAfterMs, withinWindow } from './schedule.ts';
import { subscriptionAudienceRepository as audience } from './subscription-audience.repository.ts';
import type { SubscriptionQueue } from './subscription-queue.ts';
import { windowOf } from './subscription-row.ts';
import {
  subscriptionsRepository as repo,
  type SubscriptionRow,
} from './subscriptions.repository.ts';

/** How far back a look reads the history: a refresh still running hides no completed one. */
const historyDepth = 5;

const refreshErrors = {
  powerBi:
    'Frecuencia: "Tras cada actualización" solo está disponible para informes del servicio de BI incluido; con Power BI, elija una programación diaria, semanal o mensual.',
  noHistory:
    'Frecuencia: el conjunto de datos de este informe no se actualiza desde un origen (no tiene historial de actualizaciones); elija una programación diaria, semanal o mensual.',
} as const;

/** The newest refresh that completed, by its request id, with when it ended. */
function latestCompleted(history: Refresh[]): { key: string; endedAt: Date } | undefined {
  const done = history.find((r) => r.status === 'Completed' && r.endTime !== undefined);
  return done && { key: done.requestId, endedAt: new Date(done.endTime!) };
}

/**
 * "After each data refresh" (decision 0297): each instance reads, at every look, the refresh
 * history of the datasets behind `afterRefresh` subscriptions (Power BI's `GET …/refreshes`,
 * which the bundled BI service answers for datasets with a source). A completed refresh the
 * subscription was not sent for, ended after the subscription was last saved, becomes one run:
 * claimed with a compare-and-set on the subscription's last refresh, so of several instances
 * one sends it, then queued like any other run.
 */
export function createRefreshWatch(deps: {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  content: ContentCache;
  access: Pick<ViewerAccess, 'withAccount'>;
  bi: Pick<BiClient, 'reportRefreshes'>;
  queue: Pick<SubscriptionQueue, 'push'>;
  /** False when the portal's BI service is Power BI: refreshes are watched on the bundled one. */
  bundled: boolean;
}) {
  const { db } = deps;

  /** The report's refresh history; undefined when its dataset keeps none (no source). */
  function historyOf(placement: ReportPlacement): Promise<Refresh[] | undefined> {
    return deps.access.withAccount(placement, (credentials) =>
      deps.bi
        .reportRefreshes(credentials, placement.workspace.id, placement.report.id, historyDepth)
        .catch((error: unknown) => {
          if (error instanceof BiServiceError && error.failure === BiFailure.notFound) {
            return undefined;
          }
          throw error;
        }),
    );
  }

  /** Claims the refresh for `sub` and queues its run; undefined when another instance did. */
  async function claim(sub: SubscriptionRow, refresh: { key: string; endedAt: Date }) {
    const now = deps.clock.now();
    const late = now.getTime() - refresh.endedAt.getTime() > lateAfterMs ? 1 : 0;
    const runId = await db.transaction().execute(async (trx) => {
      if (!(await repo.claimRefresh(trx, sub.id, sub.refresh_seen, refresh.key))) return undefined;
      return repo.insertRun(
        trx,
        {
          subscription_id: sub.id,
          due_at: refresh.endedAt.toISOString(),
          trig: 'refresh',
          late,
        },
        await audience.audienceOf(trx, sub.id),
      );
    });
    if (runId !== undefined) await deps.queue.push(runId);
    return runId;
  }

  return {
    /**
     * Refuses `afterRefresh` (400 naming the field) where no refresh can be seen: on Power BI,
     * and for a report whose dataset has no refresh history.
     */
    async assertWatchable(placement: ReportPlacement): Promise<void> {
      const field = { field: 'schedule.frequency' };
      if (!deps.bundled) throw new AppError('validation_failed', refreshErrors.powerBi, field);
      if ((await historyOf(placement)) === undefined) {
        throw new AppError('validation_failed', refreshErrors.noHistory, field);
      }
    },

    /** One look: a run for each subscription whose dataset completed a refresh since. */
    async runRefreshed(): Promise<number[]> {
      const subs = await repo.afterRefresh(db);
      if (subs.length === 0) return [];
      const snapshot = await deps.content.get();
      const planned: number[] = [];
      for (const uid of new Set(subs.map((s) => s.report_uid))) {
        const placement = snapshot.reportsByUid.get(uid);
        if (!placement) continue;
        let latest: { key: string; endedAt: Date } | undefined;
        try {
          latest = latestCompleted((await historyOf(placement)) ?? []);
        } catch (error) {
          deps.log.warn({ err: error, reportUid: uid }, 'refresh history not read');
          continue;
        }
        if (!latest) continue;
        for (const sub of subs.filter((s) => s.report_uid === uid)) {
          if (latest.key === sub.refresh_seen) continue;
          // Refreshes before it was last saved (created, changed, resumed) are not its to send.
          if (latest.endedAt.getTime() <= new Date(sub.updated_at).getTime()) continue;
          if (!withinWindow(windowOf(sub), latest.endedAt)) continue;
          const runId = await claim(sub, latest);
          if (runId !== undefined) planned.push(runId);
        }
      }
      return planned;
    },
  };
}
export type RefreshWatch = ReturnType<typeof createRefreshWatch>;
