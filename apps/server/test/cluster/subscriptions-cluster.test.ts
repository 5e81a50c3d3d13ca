import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixture } from '../fixtures.ts';
import { postgresAvailable, readOutbox } from '../helper.ts';
import { startTestCluster, type TestCluster } from './cluster-apps.ts';

/**
 * Two portal instances on one PostgreSQL database with one due subscription: both look for due
 * subscriptions at once, one claims the occurrence, pg-boss runs its job on one of them, and the
 * result (here: a recipient without access, skipped, and the owner's one notice) happens once.
 */
describe.skipIf(!postgresAvailable)('subscriptions on two instances (PostgreSQL)', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startTestCluster(2);
  }, 60_000);
  afterAll(async () => cluster?.close());

  it('claims and runs a due occurrence exactly once', async () => {
    const [first, second] = cluster.apps as [(typeof cluster.apps)[0], (typeof cluster.apps)[0]];
    const { db } = cluster.database;
    const f = await seedFixture(first, db);
    const due = new Date(Date.now() - 60_000).toISOString();
    await db
      .updateTable('subscriptions')
      .set({ owner_id: f.administrator.id, next_run_at: due })
      .where('id', '=', f.subscription.id)
      .execute();
    await db
      .updateTable('subscription_recipients')
      .set({ user_id: f.otherViewer.id })
      .where('subscription_id', '=', f.subscription.id)
      .execute();

    const claims = await Promise.all(
      [first, second, first, second].map((app) => app.services.subscriptions.runDue()),
    );
    expect(claims.flat()).toHaveLength(1);

    const deadline = Date.now() + 30_000;
    let run = await db.selectFrom('subscription_runs').selectAll().executeTakeFirstOrThrow();
    while (!run.finished_at && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      run = await db.selectFrom('subscription_runs').selectAll().executeTakeFirstOrThrow();
    }
    expect(run).toMatchObject({ due_at: due, trig: 'schedule' });
    expect(run.finished_at).not.toBeNull();
    const deliveries = await db.selectFrom('subscription_deliveries').selectAll().execute();
    expect(deliveries).toMatchObject([
      { user_id: f.otherViewer.id, outcome: 'skipped', reason: 'Ya no tiene acceso al informe.' },
    ]);
    const sends = await db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'subscription.send')
      .execute();
    expect(sends).toHaveLength(1);
    // The owner's notice was mailed once, by whichever instance ran the job.
    const notices = [first, second].flatMap((app) => readOutbox(app.context.config.dataDir));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`(${f.otherViewer.username}): Ya no tiene acceso al informe.`);
  });
});
