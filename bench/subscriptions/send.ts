/**
 * A subscription to 1,000 recipients over 10 RLS identities (not a test): the time from the
 * occurrence being due to the last mail handed to the mailer, with the export's browser warm (one
 * send before). The portal runs in this process on SQLite (the default deployment) against the
 * bundled BI service in demo mode; mails go to the outbox (`DATA_DIR/outbox`, no SMTP).
 *
 *   npm run bench -- subscriptions       (SUBSCRIPTION_RECIPIENTS, default 1000; FORMAT, PDF)
 *
 * The demo's `Pais` role knows 5 usernames; the other 5 identities see no rows, which is the
 * same export (same pages and visuals) with empty figures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBiProcess } from '@vitrina/test-support/processes';
import { seedDemoAccounts } from '../../apps/server/demo/demo-accounts.ts';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createSessionIssuer } from '../../apps/server/src/modules/auth/sessions.ts';

const recipientCount = Number(process.env['SUBSCRIPTION_RECIPIENTS'] ?? 1000);
const format = process.env['FORMAT'] ?? 'PDF';
const identities = [
  ...['peru', 'chile', 'andina', 'sur', 'mexico'],
  ...['norte', 'centro', 'oriente', 'caribe', 'austral'],
].map((region) => `gerente.${region}@retailandino.demo`);
const reportName = 'Ventas por país (seguridad por filas)';

const bi = await startBiProcess({
  env: { VITRINA_DEMO: 'true', BI_RATE_LIMIT_PER_MINUTE: '100000000' },
});
const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-bench-subscriptions-'));
let app: App | undefined;
try {
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      VITRINA_DEMO: 'true',
      SYNC_INTERVAL_MINUTES: '0',
      SUBSCRIPTION_CHECK_SECONDS: '0',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      BI_URL: bi.url,
      BI_AUTHORITY_URL: bi.authorityUrl,
      BI_TLS_CA_FILE: join(bi.dataDir, 'bi/tls/cert.pem'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ACCOUNT_SECRET_KEY: randomBytes(32).toString('hex'),
    }),
    seedDemoAccounts,
    logger: false,
  });
  await app.ready();
  await measure(app);
} finally {
  await app?.close();
  await bi.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function measure(portal: App) {
  const { db } = portal.context;
  const report = await db
    .selectFrom('reports as r')
    .innerJoin('workspaces as w', 'w.id', 'r.workspace_id')
    .select(['r.uid', 'r.bi_id', 'w.account_id'])
    .where('r.name', '=', reportName)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const user = (name: string, rol: number) => ({
    username: name,
    firstname: 'Lector',
    lastname: name,
    mail: `${name}@vitrina.bench`,
    rol,
    password_hash: 'unused',
    password_temporary: 0,
    failed_logins: 0,
    created_at: now,
    updated_at: now,
  });
  const admin = await db
    .insertInto('users')
    .values(user('administrador', 0))
    .returning('id')
    .executeTakeFirstOrThrow();
  const viewers: number[] = [];
  for (let i = 0; i < recipientCount; i += 250) {
    const rows = Array.from({ length: Math.min(250, recipientCount - i) }, (_, j) =>
      user(`lector${i + j}`, 1),
    );
    const ids = await db.insertInto('users').values(rows).returning('id').execute();
    viewers.push(...ids.map((r) => r.id));
    await db
      .insertInto('permissions')
      .values(
        ids.map((r) => ({
          user_id: r.id,
          account_element_id: report.bi_id,
          element_type: 'report' as const,
        })),
      )
      .execute();
    await db
      .insertInto('rls_identities')
      .values(
        ids.map((r, j) => ({
          user_id: r.id,
          account_id: report.account_id,
          dataset_id: '',
          username: identities[(i + j) % identities.length]!,
          roles: '["Pais"]',
        })),
      )
      .execute();
  }
  const token = (await createSessionIssuer(portal.context).issue(db, admin.id)).token;
  const subscribe = async (recipients: number[]) => {
    const answer = await portal.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: {
        authorization: `Bearer ${token}`,
        cookie: 'XSRF-TOKEN=bench',
        'x-xsrf-token': 'bench',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        reportUid: report.uid,
        recipients,
        format,
        schedule: { frequency: 'daily', time: '08:00', timeZone: 'America/Lima' },
        subject: 'Ventas por país',
      }),
    });
    if (answer.statusCode !== 201) throw new Error(`subscribe: ${answer.body}`);
    return answer.json<{ id: number }>().id;
  };

  /** Makes `id` due now, claims it, and waits for its run; the last delivery's time. */
  async function sendDue(id: number) {
    await db
      .updateTable('subscriptions')
      .set({ next_run_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const due = Date.now();
    const started = performance.now();
    const [runId] = await portal.services.subscriptions.runDue();
    for (;;) {
      const run = await db
        .selectFrom('subscription_runs')
        .select('finished_at')
        .where('id', '=', runId!)
        .executeTakeFirstOrThrow();
      if (run.finished_at) break;
      await sleep(50);
    }
    const deliveries = await db
      .selectFrom('subscription_deliveries')
      .select(['outcome', 'at'])
      .where('run_id', '=', runId!)
      .execute();
    const sent = deliveries.filter((d) => d.outcome === 'sent');
    if (sent.length !== deliveries.length)
      throw new Error(
        `not all sent: ${JSON.stringify(deliveries.find((d) => d.outcome !== 'sent'))}`,
      );
    const lastMail = Math.max(...sent.map((d) => new Date(d.at!).getTime()));
    const renders = await db
      .selectFrom('audit_log')
      .select('at')
      .where('action', '=', 'subscription.render')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    return {
      total: lastMail - due,
      wall: performance.now() - started,
      renders: renders.length,
      firstRender: new Date(renders[0]!.at).getTime() - due,
      lastRender: new Date(renders.at(-1)!.at).getTime() - due,
      sent: sent.length,
    };
  }

  // Warm: one send starts the BI service's browser and fills the portal's caches.
  const warm = await sendDue(await subscribe([viewers[0]!]));
  const measured = await sendDue(await subscribe(viewers));
  const mails = readdirSync(join(dataDir, 'outbox')).length;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `Subscription "${reportName}" as ${format}: ${recipientCount} recipients over ${identities.length} identities`,
  );
  console.log(`  warm-up send (1 recipient, browser starting): ${s(warm.total)}`);
  console.log(
    `  due → last mail handed to the mailer: ${s(measured.total)} ` +
      `(${(measured.sent / (measured.total / 1000)).toFixed(1)} mails/s)`,
  );
  console.log(
    `  exports: ${measured.renders}; first done after ${s(measured.firstRender)}, last after ${s(measured.lastRender)}` +
      ` (${s((measured.lastRender - measured.firstRender) / Math.max(1, measured.renders - 1))} per export after the first)`,
  );
  console.log(`  mails in the outbox: ${mails} (incl. the warm-up's 1)`);
}
