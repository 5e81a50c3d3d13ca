import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Refresh } from '@vitrina/bi-model/rest';
import { AppError } from '../src/errors.ts';
import { BiFailure, BiServiceError } from '../src/modules/bi-client/bi-errors.ts';
import type { ContentCache } from '../src/modules/content/content-cache.ts';
import type { ReportPlacement } from '../src/modules/content/content-snapshot.ts';
import { createRefreshWatch } from '../src/modules/subscriptions/subscription-refreshes.ts';
import { useSeededApp } from './fixtures.ts';

/**
 * "After each data refresh" (issue 28, decision 0297): a completed refresh of the report's
 * dataset becomes one run, however many instances look; no refresh, an old one, a failed one or
 * one still running send nothing; Power BI and datasets without history are refused.
 */
const state = useSeededApp('sqlite', true);
const quietLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

/** The refresh history the stub BI service answers, newest first. */
let history: Refresh[] | 'none' = [];
const refresh = (requestId: string, endTime: string, status = 'Completed'): Refresh =>
  ({ requestId, id: 1, refreshType: 'Scheduled', startTime: endTime, endTime, status }) as Refresh;

/** An instance's watch: its own queue, the same database. */
function instance(bundled = true) {
  const f = state.fixture;
  const placement = {
    account: { id: f.account.id },
    workspace: { id: f.workspace.biId },
    report: { id: f.report.biId, kind: 'report', name: 'Ventas' },
  } as unknown as ReportPlacement;
  const queued: number[] = [];
  const watch = createRefreshWatch({
    db: state.context.db,
    clock: state.context.app.context.clock,
    log: quietLog,
    content: {
      get: async () => ({ reportsByUid: new Map([[f.report.uid, placement]]) }),
    } as unknown as ContentCache,
    access: { withAccount: (_placement, work) => work({} as never) },
    bi: {
      async reportRefreshes() {
        if (history === 'none') throw new BiServiceError(BiFailure.notFound, 'no refresh history');
        return history;
      },
    },
    queue: { push: async (runId) => void queued.push(runId) },
    bundled,
  });
  return { watch, queued, placement };
}

/** The fixture's subscription made an `afterRefresh` one, saved at `savedAt`. */
async function afterRefresh(savedAt: string) {
  await state.context.db
    .updateTable('subscriptions')
    .set({
      frequency: 'afterRefresh',
      time: '',
      days: '[]',
      next_run_at: null,
      updated_at: savedAt,
    })
    .where('id', '=', state.fixture.subscription.id)
    .execute();
}
const runs = () =>
  state.context.db.selectFrom('subscription_runs').selectAll().orderBy('id').execute();

describe('subscriptions sent after each refresh', () => {
  it('sends one run per completed refresh, with two instances looking at once', async () => {
    const saved = new Date(Date.now() - 3_600_000).toISOString();
    await afterRefresh(saved);
    const [a, b] = [instance(), instance()];

    // No refresh since it was saved: nothing.
    history = [refresh('r0', new Date(Date.now() - 7_200_000).toISOString())];
    expect(await a.watch.runRefreshed()).toEqual([]);
    // A refresh still running or failed: nothing either.
    const ended = new Date(Date.now() - 60_000).toISOString();
    history = [refresh('r1', ended, 'Unknown'), refresh('r0', saved)];
    expect(await a.watch.runRefreshed()).toEqual([]);
    history = [refresh('r1', ended, 'Failed')];
    expect(await a.watch.runRefreshed()).toEqual([]);

    // It completes: both instances see it, one claims it.
    history = [refresh('r1', ended)];
    const claimed = await Promise.all([a.watch.runRefreshed(), b.watch.runRefreshed()]);
    expect(claimed.flat()).toHaveLength(1);
    expect([...a.queued, ...b.queued]).toEqual(claimed.flat());
    expect(await runs()).toMatchObject([
      { trig: 'refresh', due_at: ended, late: 0, subscription_id: state.fixture.subscription.id },
    ]);
    const [delivery] = await state.context.db
      .selectFrom('subscription_deliveries')
      .selectAll()
      .execute();
    expect(delivery).toMatchObject({ user_id: state.fixture.viewer.id, outcome: 'pending' });

    // Looking again finds nothing new; the next refresh is the next run.
    expect(await a.watch.runRefreshed()).toEqual([]);
    expect(await b.watch.runRefreshed()).toEqual([]);
    history = [refresh('r2', new Date().toISOString()), refresh('r1', ended)];
    expect(await b.watch.runRefreshed()).toHaveLength(1);
    expect(await runs()).toHaveLength(2);
  });

  it('sends nothing while paused, and a refresh from before a resume is not sent', async () => {
    await afterRefresh(new Date().toISOString());
    history = [refresh('r1', new Date(Date.now() - 1000).toISOString())];
    expect(await instance().watch.runRefreshed()).toEqual([]);
    await state.context.db
      .updateTable('subscriptions')
      .set({ paused: 1 })
      .where('id', '=', state.fixture.subscription.id)
      .execute();
    history = [refresh('r2', new Date(Date.now() + 1000).toISOString())];
    expect(await instance().watch.runRefreshed()).toEqual([]);
    expect(await runs()).toEqual([]);
  });

  it('refuses afterRefresh on Power BI and without refresh history, naming the field', async () => {
    const refusal = (bundled: boolean) => {
      const { watch, placement } = instance(bundled);
      return watch.assertWatchable(placement).catch((error: unknown) => error);
    };
    history = [];
    await expect(refusal(true)).resolves.toBeUndefined();
    const onPowerBi = await refusal(false);
    expect(onPowerBi).toBeInstanceOf(AppError);
    expect(onPowerBi).toMatchObject({
      code: 'validation_failed',
      field: 'schedule.frequency',
      message: expect.stringMatching(/^Frecuencia: .*servicio de BI incluido/),
    });
    history = 'none';
    expect(await refusal(true)).toMatchObject({
      code: 'validation_failed',
      field: 'schedule.frequency',
      message: expect.stringMatching(/^Frecuencia: .*no tiene historial de actualizaciones/),
    });
  });
});
