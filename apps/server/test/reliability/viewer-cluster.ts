/**
 * The deployment of docs/deployment.md on loopback, for load: nginx in front of three portal
 * processes on PostgreSQL and Redis, and the bundled BI service with its demo content, plus
 * viewer users with the default argon2id cost. Viewers log in, list their accounts and open a
 * report (viewer call with its embed token) in a loop. Shared by the reliability tests and
 * `bench/server/cluster-load.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ViewerAccount } from '@vitrina/contracts';
import { createPasswordHasher } from '../../src/lib/passwords.ts';
import { startTestNginx } from '../cluster/nginx.ts';
import {
  startBiProcess,
  startPortalProcess,
  type ServerProcess,
} from '@vitrina/test-support/processes';
import { portalRequest } from '../cluster/portal-request.ts';
import { startTestRedis } from '../cluster/redis-server.ts';
import { createTestDatabase } from '../helper.ts';

const viewerPassword = 'Visor1234';
const memoryProbe = pathToFileURL(join(import.meta.dirname, 'memory-probe.ts')).href;

type Step = 'login' | 'accounts' | 'viewer';

export interface ViewerLoad {
  /** Milliseconds per answered request, by step. */
  timings: Record<Step, number[]>;
  /** One line per request that did not answer 200 (status or network error). */
  failures: string[];
  /** Logins answered 200. */
  loginsAcknowledged: number;
}

export interface ViewerLoadOptions {
  viewers: number;
  seconds: number;
  /** Pause after each report opened; 0 (default) is a closed loop at full speed. */
  pauseMs?: number;
  /** Each viewer signs in again this often (by default once, at the start). */
  reloginEveryMs?: number;
}

/** One `process.memoryUsage()` line of a portal, written by memory-probe.ts after a full GC. */
export interface PortalMemory {
  at: number;
  rss: number;
  heapUsed: number;
}

export interface ViewerCluster {
  portals: ServerProcess[];
  run(options: ViewerLoadOptions): Promise<ViewerLoad>;
  /** Asks every portal for a memory sample (a full GC, then one line; see memory-probe.ts). */
  sampleMemory(): void;
  /** Every sample each portal has written so far, in portal order. */
  memory(): PortalMemory[][];
  /** Successful logins audited in the database (each login's row shares its transaction). */
  auditedLogins(): Promise<number>;
  stop(): Promise<void>;
}

/** The reports (not dashboards) of a viewer's account listing, by their viewer-route ids. */
const reportUids = (listing: string | undefined) =>
  listing === undefined
    ? []
    : (JSON.parse(listing) as ViewerAccount[]).flatMap((account) =>
        account.workspaces.flatMap((workspace) =>
          workspace.reports.filter((report) => report.kind === 'report').map(({ uId }) => uId),
        ),
      );

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

/** Prints tried/failed and p50/p99 per step, as docs/reliability.md quotes them. */
export function describeLoad(load: ViewerLoad): string[] {
  const tried = Object.values(load.timings).reduce((sum, list) => sum + list.length, 0);
  const lines = [`requests tried ${tried + load.failures.length}, failed ${load.failures.length}`];
  if (load.failures.length) lines.push(`first failures: ${load.failures.slice(0, 5).join('; ')}`);
  for (const [name, list] of Object.entries(load.timings))
    lines.push(
      `${name.padEnd(8)} n=${list.length} p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`,
    );
  return lines;
}

export async function startViewerCluster(options: {
  viewers: number;
  /** Load memory-probe.ts into each portal so `sampleMemory` works. */
  probeMemory?: boolean;
}): Promise<ViewerCluster> {
  // What has started so far, stopped in reverse order by `stop` or when the set-up fails.
  const stoppers: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
  };
  try {
    return await startParts(options, stoppers, stopAll);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * A free port can be taken by another program between the pick and the listen (a busy CI host):
 * a start that fails is tried again, twice at most.
 */
async function started<T>(
  stoppers: (() => Promise<unknown>)[],
  start: () => Promise<T>,
  stop: (part: T) => Promise<unknown>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const part = await start();
      stoppers.push(() => stop(part));
      return part;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startParts(
  options: { viewers: number; probeMemory?: boolean },
  stoppers: (() => Promise<unknown>)[],
  stopAll: () => Promise<void>,
): Promise<ViewerCluster> {
  const database = await started(
    stoppers,
    () => createTestDatabase('postgres'),
    (db) => db.drop(),
  );
  const redis = await started(stoppers, startTestRedis, (server) => server.stop());
  const bi = await started(
    stoppers,
    () => startBiProcess({ env: { VITRINA_DEMO: 'true' } }),
    (server) => server.stop(),
  );
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    BI_URL: bi.url,
    BI_AUTHORITY_URL: bi.authorityUrl,
    BI_TLS_CA_FILE: join(bi.dataDir, 'bi/tls/cert.pem'),
    TRUST_PROXY: '127.0.0.1',
    JWT_SECRET: 'c'.repeat(64),
    ACCOUNT_SECRET_KEY: 'd'.repeat(64),
    VITRINA_ADMIN_PASSWORD: 'Admin1234',
    // Every viewer comes from 127.0.0.1: the per-address limits would refuse concurrent logins.
    LOGIN_REQUEST_LIMIT_PER_MINUTE: '1000000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    ...(options.probeMemory ? { NODE_OPTIONS: `--expose-gc --import=${memoryProbe}` } : {}),
  };
  // The first instance registers and syncs the demo accounts; the others find them.
  const portals: ServerProcess[] = [];
  for (let i = 0; i < 3; i++) {
    const demo = i === 0 ? 'true' : 'false';
    portals.push(
      await started(
        stoppers,
        () => startPortalProcess({ env: { ...env, VITRINA_DEMO: demo } }),
        (portal) => portal.stop(),
      ),
    );
  }
  const nginx = await started(
    stoppers,
    () =>
      startTestNginx(
        portals.map((portal) => Number(new URL(portal.url).port)),
        Number(new URL(bi.url).port),
      ),
    (nginx) => nginx.stop(),
  );

  // One user per viewer (parallel logins of one user would count towards its lockout), hashed at
  // the default argon2id cost so logins cost what they cost in production. Administrators see
  // every demo report without grants to set up.
  const passwordHash = await createPasswordHasher({ memoryCost: 19_456, timeCost: 2 }).hash(
    viewerPassword,
  );
  const now = new Date().toISOString();
  await database.db
    .insertInto('users')
    .values(
      Array.from({ length: options.viewers }, (_, i) => ({
        username: `visor${i}`,
        firstname: 'Visor',
        lastname: String(i),
        mail: `visor${i}@vitrina.test`,
        rol: 0,
        password_hash: passwordHash,
        password_temporary: 0,
        failed_logins: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  async function call(method: string, path: string, token?: string, body?: unknown) {
    const response = await portalRequest(nginx.url, method, path, { token, body });
    const text = await response.text();
    return { status: response.status, body: text };
  }

  /**
   * The reports a viewer can open. The demo's report on a dataset with row-level security needs
   * an identity mapped to the viewer, and a mapped identity makes every token of that account
   * per viewer (a GenerateToken per viewer and report): it is left out rather than mapped, so the load is the common
   * case. Any other refusal fails the set-up.
   */
  async function openableReports(): Promise<Set<string>> {
    const login = await call('POST', '/api/user/authenticate', undefined, {
      username: 'visor0',
      password: viewerPassword,
    });
    const { token, id } = JSON.parse(login.body) as { token: string; id: number };
    const listing = await call('GET', `/api/account/${id}`, token);
    const openable = new Set<string>();
    for (const uid of reportUids(listing.body)) {
      const answer = await call('GET', `/api/viewer/report/${uid}`, token);
      if (answer.status === 200) openable.add(uid);
      else if (!answer.body.includes('"identity_required"'))
        throw new Error(`report ${uid}: ${answer.status} ${answer.body}`);
    }
    if (openable.size === 0) throw new Error('no demo report opens');
    return openable;
  }
  const openable = await openableReports();

  async function run(load: ViewerLoadOptions): Promise<ViewerLoad> {
    const result: ViewerLoad = {
      timings: { login: [], accounts: [], viewer: [] },
      failures: [],
      loginsAcknowledged: 0,
    };
    /** Times one request; a status other than 200 or a network error is a failure. */
    async function step(name: Step, send: () => Promise<{ status: number; body: string }>) {
      const started = performance.now();
      try {
        const answer = await send();
        if (answer.status === 200) {
          result.timings[name].push(performance.now() - started);
          return answer.body;
        }
        result.failures.push(`${name} ${answer.status} ${answer.body.slice(0, 160)}`);
      } catch (error) {
        result.failures.push(`${name} ${error instanceof Error ? error.message : String(error)}`);
      }
      return undefined;
    }
    async function logIn(viewer: number) {
      const body = await step('login', () =>
        call('POST', '/api/user/authenticate', undefined, {
          username: `visor${viewer}`,
          password: viewerPassword,
        }),
      );
      if (body === undefined) return undefined;
      result.loginsAcknowledged++;
      return JSON.parse(body) as { token: string; id: number };
    }

    const deadline = performance.now() + load.seconds * 1000;
    await Promise.all(
      Array.from({ length: load.viewers }, async (_, viewer) => {
        let session = await logIn(viewer);
        let signedInAt = performance.now();
        for (let round = 0; session && performance.now() < deadline; round++) {
          const { token, id } = session;
          const tree = await step('accounts', () => call('GET', `/api/account/${id}`, token));
          // Viewers spread over the demo's reports, each moving on to the next every round.
          const uids = reportUids(tree).filter((uid) => openable.has(uid));
          const uid = uids[(viewer + round) % Math.max(1, uids.length)];
          if (tree !== undefined && !uid) result.failures.push('accounts: no report listed');
          if (uid) await step('viewer', () => call('GET', `/api/viewer/report/${uid}`, token));
          if (load.pauseMs) await sleep(load.pauseMs);
          if (load.reloginEveryMs && performance.now() - signedInAt > load.reloginEveryMs) {
            session = (await logIn(viewer)) ?? session;
            signedInAt = performance.now();
          }
        }
      }),
    );
    return result;
  }

  return {
    portals,
    run,
    sampleMemory() {
      // Without the probe, SIGUSR2 would end the process (its default action).
      if (!options.probeMemory) throw new Error('started without probeMemory');
      for (const portal of portals) portal.child.kill('SIGUSR2');
    },
    memory() {
      return portals.map((portal) => {
        let text = '';
        try {
          text = readFileSync(join(portal.dataDir, 'memory.jsonl'), 'utf8');
        } catch {
          // No sample written yet.
        }
        return text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as PortalMemory);
      });
    },
    async auditedLogins() {
      const row = await database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('action', '=', 'login.succeeded')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    stop: stopAll,
  };
}
