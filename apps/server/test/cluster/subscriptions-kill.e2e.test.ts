import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServicePrincipalAccount } from '@vitrina/test-support/demo';
import { startPortalProcess, type ServerProcess } from '@vitrina/test-support/processes';
import type { App } from '../../src/app.ts';
import { callApi, createUser, postgresAvailable, readOutbox, tokenFor } from '../helper.ts';
import { startBundledBi, type BundledBi } from '../portal-content/bundled-bi-process.ts';
import { startTestCluster, type TestCluster } from './cluster-apps.ts';
import { until } from './until.ts';

const rlsReport = 'Ventas por país (seguridad por filas)';
/** The first export the BI service receives is held this long: the runner is killed meanwhile. */
const heldExportMs = 60_000;

/**
 * Two portal processes on one PostgreSQL database, the real bundled BI service, one due
 * subscription with two recipients in two regions (two exports). Both processes look for due
 * subscriptions every second; one claims the occurrence and pg-boss gives the run to one of them.
 * The BI service holds that run's first export, and the process running it is killed with
 * SIGKILL. The other one takes the run over once the dead one's heartbeat is gone: each recipient
 * gets exactly one mail, nobody gets two, and the run is recorded once (decision 0257).
 */
describe.skipIf(!postgresAvailable)('a subscription run killed mid-send (processes)', () => {
  let bi: BundledBi;
  let cluster: TestCluster;
  let writer: App;
  const instances: { server: ServerProcess; dataDir: string; log: string[] }[] = [];
  let subscriptionId: number;
  const recipients: { id: number; mail: string }[] = [];

  const api = async (token: string, method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) =>
    callApi(writer, { method, url, token, ...(body ? { body } : {}) });

  beforeAll(async () => {
    bi = await startBundledBi({ withFaultSwitch: true });
    cluster = await startTestCluster(1, {
      ...bi.portalEnv,
      VITRINA_DEMO: 'false',
      BI_API_URL: bi.url,
    });
    // The writer sets the portal up; it never looks for due subscriptions (interval 0 in tests).
    writer = cluster.apps[0]!;
    const admin = await createUser(cluster.database.db, { rol: 0 });
    const token = await tokenFor(writer, admin.id);
    const account = await api(token, 'POST', '/api/account', demoServicePrincipalAccount);
    expect(account.statusCode).toBe(201);
    const accountId = account.json<{ id: number }>().id;
    const tree: { workspaces: { reports: { id: string; uId: string; name: string }[] }[] }[] = (
      await api(token, 'GET', `/api/account/${admin.id}`)
    ).json();
    const report = tree
      .flatMap((a) => a.workspaces.flatMap((w) => w.reports))
      .find((r) => r.name === rlsReport)!;
    for (const region of ['peru', 'chile']) {
      const viewer = await createUser(cluster.database.db, { rol: 1 });
      const granted = await api(token, 'PUT', '/api/user/permissions', [
        { userId: viewer.id, accountElementId: report.id },
      ]);
      expect(granted.statusCode).toBe(200);
      const mapped = await api(token, 'PUT', `/api/account/${accountId}/identities`, {
        userId: viewer.id,
        username: `gerente.${region}@retailandino.demo`,
        roles: ['Pais'],
      });
      expect(mapped.statusCode).toBe(204);
      const { mail } = await cluster.database.db
        .selectFrom('users')
        .select('mail')
        .where('id', '=', viewer.id)
        .executeTakeFirstOrThrow();
      recipients.push({ id: viewer.id, mail });
    }
    const created = await api(token, 'POST', '/api/subscriptions', {
      reportUid: report.uId,
      recipients: recipients.map((r) => r.id),
      format: 'PDF',
      schedule: { frequency: 'daily', time: '08:00', timeZone: 'America/Lima' },
      subject: 'Ventas por país',
    });
    expect(created.statusCode).toBe(201);
    subscriptionId = created.json<{ id: number }>().id;

    for (let i = 0; i < 2; i++) {
      // The outbox must outlive a killed process: its DATA_DIR is kept and removed here.
      const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-subscription-kill-'));
      const log: string[] = [];
      const server = await startPortalProcess({
        keptDataDir: dataDir,
        env: {
          ...cluster.env,
          SUBSCRIPTION_CHECK_SECONDS: '1',
          // The job whose heartbeat stopped comes back after the first retry's delay: 30 to 60 s
          // by default, which this test would only wait through.
          SUBSCRIPTION_RETRY_SECONDS: '1',
          LOG_LEVEL: 'info',
        },
        onStdout: (chunk) => log.push(chunk),
      });
      instances.push({ server, dataDir, log });
    }
  }, 240_000);
  afterAll(async () => {
    await Promise.all(instances.map(({ server }) => server.stop('SIGKILL')));
    for (const { dataDir } of instances) rmSync(dataDir, { recursive: true, force: true });
    await cluster?.close();
    await bi?.stop();
  });

  /** The instance whose log says it started working on a subscription run. */
  const runners = () =>
    instances.filter(({ log }) => log.join('').includes('"msg":"subscription run started"'));

  it('sends each recipient one mail although the instance running the job was killed', async () => {
    const { db } = cluster.database;
    await bi.setFaults([{ path: '/ExportTo', delayMs: heldExportMs, times: 1 }]);
    await db
      .updateTable('subscriptions')
      .set({ next_run_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', subscriptionId)
      .execute();

    // One instance runs the job and waits on the held export: no mail has gone out yet.
    await until('the held export', async () =>
      (await bi.faults())[0]?.fired === 1 ? true : undefined,
    );
    expect(runners()).toHaveLength(1);
    const [victim] = runners();
    const survivor = instances.find((instance) => instance !== victim)!;
    expect(await victim!.server.stop('SIGKILL')).toBe('SIGKILL');
    const killedAt = Date.now();

    const run = await until(
      'the run finished by the other instance',
      async () => {
        const row = await db.selectFrom('subscription_runs').selectAll().executeTakeFirst();
        return row?.finished_at ? row : undefined;
      },
      180_000,
    );
    const finishedAt = Date.now();
    expect(survivor.log.join('')).toContain('"msg":"subscription run started"');
    // One occurrence, one run, claimed once by the two instances.
    expect(await db.selectFrom('subscription_runs').selectAll().execute()).toHaveLength(1);
    expect(run).toMatchObject({ subscription_id: subscriptionId, trig: 'schedule' });
    const deliveries = await db
      .selectFrom('subscription_deliveries')
      .select(['user_id', 'outcome'])
      .orderBy('user_id')
      .execute();
    expect(deliveries).toEqual(recipients.map((r) => ({ user_id: r.id, outcome: 'sent' })));

    // Each recipient's mail exactly once, from the survivor; the killed one sent none.
    expect(readOutbox(victim!.server.dataDir)).toEqual([]);
    const mails = readOutbox(survivor.server.dataDir);
    for (const { mail } of recipients) {
      expect(mails.filter((m) => new RegExp(`^To: .*${mail}`, 'm').test(m))).toHaveLength(1);
    }
    expect(mails).toHaveLength(recipients.length);
    const sends = await db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'subscription.send')
      .execute();
    expect(sends.map((s) => JSON.parse(s.detail!).outcome)).toEqual(['sent', 'sent']);
    console.info(
      `[subscription kill -9] run finished by the other instance ${finishedAt - killedAt} ms after the kill`,
    );
  }, 300_000);
});
