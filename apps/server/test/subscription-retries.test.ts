import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.ts';
import { maxAttempts } from '../src/modules/subscriptions/subscription-delivery.ts';
import { inProcessQueue } from '../src/modules/subscriptions/subscription-queue.ts';
import { subscriptionsRepository as repo } from '../src/modules/subscriptions/subscriptions.repository.ts';
import { useSeededApp } from './fixtures.ts';
import { deliveryDouble } from './subscription-delivery-double.ts';

/**
 * Retries of a failed send (issue 28): only the recipient whose mail failed is tried again, with
 * back-off, until it is sent or has had its tries; the others are not sent twice.
 */
const state = useSeededApp('sqlite', true);
const quietLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

/** A delivery whose mailer fails for `failing(to, attempt)`, and what it sent and rendered. */
function deliveryWith(failing: (to: string, attempt: number) => boolean) {
  const sent: string[] = [];
  const texts: string[] = [];
  const tries = new Map<string, number>();
  let renders = 0;
  const delivery = deliveryDouble(state.context, state.fixture, {
    mailer: {
      async send(message: MailMessage) {
        const attempt = (tries.get(message.to) ?? 0) + 1;
        tries.set(message.to, attempt);
        if (failing(message.to, attempt)) throw new Error('SMTP 451: inténtelo más tarde');
        sent.push(message.to);
        texts.push(message.text);
      },
    },
    onRender: () => (renders += 1),
  });
  return { delivery, sent, texts, renders: () => renders };
}

/** A run of the fixture's subscription for its viewer and the other viewer. */
async function runForTwo() {
  const { db } = state.context;
  const f = state.fixture;
  await db
    .insertInto('subscription_recipients')
    .values({
      subscription_id: f.subscription.id,
      user_id: f.otherViewer.id,
      unsubscribe_nonce: 'o'.repeat(24),
    })
    .execute();
  await db
    .insertInto('permissions')
    .values({
      user_id: f.otherViewer.id,
      account_element_id: f.report.biId,
      element_type: 'report',
    })
    .execute();
  const users = await repo.usersOf(db, [f.viewer.id, f.otherViewer.id]);
  const mailOf = (id: number) => users.find((u) => u.id === id)!.mail;
  const runId = await repo.insertRun(
    db,
    {
      subscription_id: f.subscription.id,
      due_at: new Date().toISOString(),
      trig: 'manual',
      late: 0,
    },
    [f.viewer.id, f.otherViewer.id],
  );
  const outcomes = async () =>
    (await repo.deliveriesOf(db, [runId])).map((d) => ({
      userId: d.user_id,
      outcome: d.outcome,
      attempts: d.attempts,
    }));
  return { runId, viewerMail: mailOf(f.viewer.id), otherMail: mailOf(f.otherViewer.id), outcomes };
}

describe('a failed send is retried for its recipient only', () => {
  it('sends the others once and the failed recipient on the next try', async () => {
    const f = state.fixture;
    const run = await runForTwo();
    const { delivery, sent, texts, renders } = deliveryWith(
      (to, attempt) => to === run.otherMail && attempt === 1,
    );

    expect(await delivery.deliver(run.runId)).toEqual({ retry: true });
    expect(sent).toEqual([run.viewerMail]);
    // The link opens the report in the portal with the subscription's view (decision 0289).
    expect(texts[0]).toContain(`/viewer/${f.report.uid}?subscription=${f.subscription.id}`);
    expect(await run.outcomes()).toEqual([
      { userId: f.viewer.id, outcome: 'sent', attempts: 1 },
      { userId: f.otherViewer.id, outcome: 'failed', attempts: 1 },
    ]);
    const [failed] = await repo
      .deliveriesOf(state.context.db, [run.runId])
      .then((rows) => rows.filter((d) => d.outcome === 'failed'));
    expect(failed?.error).toBe('SMTP 451: inténtelo más tarde');

    // The retry: only the failed recipient is rendered for and mailed.
    expect(await delivery.deliver(run.runId)).toEqual({ retry: false });
    expect(sent).toEqual([run.viewerMail, run.otherMail]);
    expect(renders()).toBe(2);
    expect(await run.outcomes()).toEqual([
      { userId: f.viewer.id, outcome: 'sent', attempts: 1 },
      { userId: f.otherViewer.id, outcome: 'sent', attempts: 2 },
    ]);
    expect((await repo.getRun(state.context.db, run.runId))?.finished_at).toBeTruthy();
    // A late extra job for the finished run sends nothing.
    expect(await delivery.deliver(run.runId)).toEqual({ retry: false });
    expect(sent).toHaveLength(2);
  });

  it(`gives up after ${maxAttempts} tries, and the failure stays recorded`, async () => {
    const f = state.fixture;
    const run = await runForTwo();
    const { delivery, sent } = deliveryWith((to) => to === run.otherMail);
    for (let attempt = 1; attempt < maxAttempts; attempt++) {
      expect(await delivery.deliver(run.runId)).toEqual({ retry: true });
    }
    expect(await delivery.deliver(run.runId)).toEqual({ retry: false });
    expect(sent).toEqual([run.viewerMail]);
    expect(await run.outcomes()).toEqual([
      { userId: f.viewer.id, outcome: 'sent', attempts: 1 },
      { userId: f.otherViewer.id, outcome: 'failed', attempts: maxAttempts },
    ]);
    const failures = await state.context.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'subscription.send')
      .execute();
    expect(
      failures.map((r) => JSON.parse(r.detail!) as { outcome: string; attempt?: number }),
    ).toEqual(
      expect.arrayContaining(
        [1, 2, 3, 4].map((attempt) =>
          expect.objectContaining({ userId: f.otherViewer.id, outcome: 'failed', attempt }),
        ),
      ),
    );
  });
});

describe('the in-process queue backs off between tries', () => {
  afterEach(() => vi.useRealTimers());

  it('tries again after 30, 60 and 120 seconds, then stops', async () => {
    vi.useFakeTimers();
    const queue = inProcessQueue(quietLog, 30);
    const tries: number[] = [];
    const started = Date.now();
    await queue.start(async () => {
      tries.push(Math.round((Date.now() - started) / 1000));
      return { retry: true };
    });
    await queue.push(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(tries).toEqual([0, 30, 90, 210]);
    expect(tries).toHaveLength(maxAttempts);
    await queue.stop();
  });
});
