import { join } from 'node:path';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/schema.ts';
import { callApi, createUser, postgresAvailable, tokenFor } from '../helper.ts';
import { demoServicePrincipalAccount } from '@vitrina/test-support/demo';
import { startTestCluster, type TestCluster } from './cluster-apps.ts';
import { until } from './until.ts';
import {
  startBiProcess,
  startPortalProcess,
  type ServerProcess,
} from '@vitrina/test-support/processes';

/** Seconds between periodic rounds: every candidate asks for the lock this often. */
const roundSeconds = 2;
/** How long the BI service holds each report listing, so the leader is killed mid-sync. */
const slowListingMs = 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Three portal processes on one PostgreSQL database compete for the periodic sync (decision
 * 0140). The BI service (real, demo content) answers the report listings slowly; the leader is
 * killed with SIGKILL while it waits on them. Another process takes the advisory lock at its next
 * round and completes the sync; the account is never seen half-synced.
 */
describe.skipIf(!postgresAvailable)('sync leader killed mid-sync (processes)', () => {
  let bi: ServerProcess & { authorityUrl: string };
  let cluster: TestCluster;
  let writer: App;
  const candidates: ServerProcess[] = [];
  let accountId: number;
  /** The account's complete content, once the first hand-over has synced it. */
  let complete: string | undefined;

  const setFaults = async (faults: unknown[]) => {
    const response = await fetch(`${bi.url}/_test/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(faults),
    });
    expect(response.status).toBe(204);
  };
  const faultsSeen = async () =>
    ((await (await fetch(`${bi.url}/_test/faults`)).json()) as { seen: number }[])[0]?.seen ?? 0;

  beforeAll(async () => {
    bi = await startBiProcess({ env: { VITRINA_DEMO: 'true' }, entry: 'withFaultSwitch' });
    const biEnv = {
      BI_URL: bi.url,
      BI_API_URL: bi.url,
      BI_AUTHORITY_URL: bi.authorityUrl,
      BI_TLS_CA_FILE: join(bi.dataDir, 'bi/tls/cert.pem'),
    };
    // The writer runs no periodic rounds (interval 0): it never asks for the lock.
    cluster = await startTestCluster(1, { ...biEnv, SYNC_INTERVAL_MINUTES: '0' });
    writer = cluster.apps[0]!;
    // The old state: the account registered while the BI service fails, so nothing synced yet.
    await setFaults([{ status: 500 }]);
    const admin = await createUser(cluster.database.db, { rol: 0 });
    const created = await callApi(writer, {
      method: 'POST',
      url: '/api/account',
      token: await tokenFor(writer, admin.id),
      body: demoServicePrincipalAccount,
    });
    expect(created.statusCode).toBe(201);
    accountId = created.json<{ id: number; error: boolean }>().id;
    for (let i = 0; i < 3; i++) {
      candidates.push(
        await startPortalProcess({
          env: { ...cluster.env, SYNC_INTERVAL_MINUTES: String(roundSeconds / 60) },
        }),
      );
    }
  }, 240_000);
  afterAll(async () => {
    await Promise.all(candidates.map((candidate) => candidate.stop('SIGKILL')));
    await cluster?.close();
    await bi?.stop();
  });

  /** The process id in the `application_name` of the connection holding the lock, if any. */
  async function leaderPid(): Promise<number | undefined> {
    const { rows } = await sql<{ application_name: string }>`
      select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted
        and l.database = (select oid from pg_database where datname = current_database())`.execute(
      cluster.database.db,
    );
    expect(rows.length).toBeLessThanOrEqual(1);
    const pid = /pid (\d+)/.exec(rows[0]?.application_name ?? '')?.[1];
    return pid === undefined ? undefined : Number(pid);
  }

  /**
   * The account's content as stored: report ids per workspace, and its sync flags, read in one
   * repeatable-read transaction so that both come from the same moment (two separate reads could
   * straddle a sync's commit: its flags without its reports).
   */
  function snapshot() {
    return cluster.database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => snapshotIn(trx));
  }

  async function snapshotIn(trx: Transaction<Database>) {
    const reports = await trx
      .selectFrom('reports')
      .innerJoin('workspaces', 'workspaces.id', 'reports.workspace_id')
      .where('workspaces.account_id', '=', accountId)
      .select(['workspaces.bi_id as workspace', 'reports.bi_id as report'])
      .orderBy('workspaces.bi_id')
      .orderBy('reports.bi_id')
      .execute();
    const account = await trx
      .selectFrom('accounts')
      .where('id', '=', accountId)
      .select(['error', 'last_sync_at'])
      .executeTakeFirstOrThrow();
    return { content: JSON.stringify(reports), ...account };
  }

  /** Every state the database shows until `stop`, sampled every 10 ms. */
  function sampleStates() {
    const seen = new Set<string>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        seen.add((await snapshot()).content);
        await sleep(10);
      }
    })();
    return {
      async stop() {
        sampling = false;
        await sampler;
        return seen;
      },
    };
  }

  it('another process takes over and completes the sync; never half-synced', async () => {
    const old = await snapshot();
    expect(old).toMatchObject({ content: '[]', error: 1, last_sync_at: null });

    const firstLeader = await until('a leader', leaderPid);
    const victim = candidates.find((candidate) => candidate.child.pid === firstLeader);
    expect(victim).toBeDefined();

    // The leader's next round lists the workspaces, then waits on the slow report listings.
    await setFaults([{ path: '/reports', delayMs: slowListingMs }]);
    await until('the leader inside a sync', async () =>
      (await faultsSeen()) > 0 ? true : undefined,
    );
    const sampling = sampleStates();

    const killedAt = Date.now();
    expect(await victim!.stop('SIGKILL')).toBe('SIGKILL');
    const afterKill = await snapshot();
    const newLeader = await until('a new leader', async () => {
      const pid = await leaderPid();
      return pid !== undefined && pid !== firstLeader ? pid : undefined;
    });
    const takenOverAt = Date.now();
    const survivors = candidates.filter((candidate) => candidate !== victim);
    expect(survivors.map((candidate) => candidate.child.pid)).toContain(newLeader);
    const synced = await until('the sync completed', async () => {
      const now = await snapshot();
      return now.error === 0 && now.last_sync_at !== null ? now : undefined;
    });
    const completedAt = Date.now();
    const seen = await sampling.stop();
    seen.add(synced.content);
    complete = synced.content;

    // Killed before its transaction: the old state, untouched.
    expect(afterKill).toEqual(old);
    // The new complete state: every workspace of the demo with its reports.
    const reports = JSON.parse(synced.content) as { workspace: string }[];
    expect(reports.length).toBeGreaterThan(0);
    // Only two states were ever visible: nothing, or everything.
    expect([...seen].sort()).toEqual([old.content, synced.content].sort());
    // The next sync, without faults, finds nothing left to do: the hand-over completed it.
    await setFaults([]);
    expect(await writer.services.sync.syncAccount(accountId)).toEqual({ ok: true, message: null });
    expect((await snapshot()).content).toBe(synced.content);
    console.info(
      `[sync leader kill -9] new leader after ${takenOverAt - killedAt} ms; sync complete ` +
        `${completedAt - killedAt} ms after the kill (rounds every ${roundSeconds} s, report listings held ${slowListingMs} ms); ` +
        `${reports.length} reports in ${new Set(reports.map((r) => r.workspace)).size} workspaces; states seen: ${seen.size}`,
    );
  }, 180_000);

  it('a leader killed inside its sync transaction leaves the previous state', async () => {
    expect(complete).toBeDefined();
    // The previous state: one workspace's reports gone, as if the BI service had added them since.
    const [first] = await cluster.database.db
      .selectFrom('workspaces')
      .where('account_id', '=', accountId)
      .select('id')
      .orderBy('bi_id')
      .execute();
    await cluster.database.db.deleteFrom('reports').where('workspace_id', '=', first!.id).execute();
    const old = (await snapshot()).content;
    expect(old).not.toBe(complete);

    // Hold the account row: the leader's next sync writes the reports, then waits on that row
    // (its closing UPDATE of the account) with its transaction open.
    const holder = new pg.Client({ connectionString: cluster.database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const sampling = sampleStates();
    try {
      await until('the leader blocked inside its transaction', async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query ilike 'update "accounts"%'`.execute(cluster.database.db);
        return rows[0]!.waiting > 0 ? true : undefined;
      });
      const leader = await until('the leader', leaderPid);
      const victim = candidates.find((candidate) => candidate.child.pid === leader)!;
      expect(await victim.stop('SIGKILL')).toBe('SIGKILL');
      // The killed backend's transaction is rolled back: the reports it wrote are not there.
      await until('the killed transaction gone', async () =>
        (await leaderPid()) !== leader ? true : undefined,
      );
      expect((await snapshot()).content).toBe(old);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const synced = await until('the next leader completing the sync', async () => {
      const now = await snapshot();
      return now.content === complete ? now : undefined;
    });
    expect(synced.error).toBe(0);
    const seen = await sampling.stop();
    seen.add(synced.content);
    expect([...seen].sort()).toEqual([old, complete].sort());
    console.info(
      `[sync leader kill -9 inside its transaction] states seen: ${seen.size}; completed by the last process`,
    );
  }, 180_000);
});
