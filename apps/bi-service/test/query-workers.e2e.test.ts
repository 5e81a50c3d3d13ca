/**
 * Query workers (decision 0308), forked (`BI_QUERY_WORKERS=2`) and on "other machines" (two
 * worker servers, `BI_REMOTE_WORKERS`, on loopback): pages are answered over real HTTP exactly as
 * the service answers them itself (under row-level security too), a write is seen by the next
 * page without a restart, and a worker killed with SIGKILL while 50 pages load costs no load: its
 * pages are answered by the other worker (and a forked one is replaced).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForHealthy } from '@vitrina/test-support/processes';
import { queryBatchLineSchema, querySchema, type Query, type QueryResult } from '@vitrina/bi-model';
import { openingPageQueries } from '@vitrina/bi-model/visual-queries';
import type { DatasetRegistry } from '../src/engine/registry.ts';
import { runQueries, type RunOptions } from '../src/engine/query/run-page.ts';
import { demoWorkspaces, rowSecurityDemoContent } from '../demo/index.ts';
import { salesOverviewReport } from '../demo/reports-sales.ts';
import { salesDataset, securedSalesDataset } from '../demo/sales-model.ts';
import { signEmbedToken } from '../src/modules/identity/embed-token.ts';
import type { QueryWorkers } from '../src/modules/queries/workers/query-workers.ts';
import { startDemoDataService, type TestService } from './harness.ts';

const workerEntry = new URL('../worker.ts', import.meta.url).pathname;

let service: TestService & { registry: DatasetRegistry };
const startService = async (env: NodeJS.ProcessEnv) => {
  service = await startDemoDataService([...demoWorkspaces, ...rowSecurityDemoContent], env);
};

const peru = { username: 'gerente.peru@retailandino.demo', roles: ['Pais'] };

/** An embed token for the two sales datasets; with `identity` on the secured one. */
function embedToken(identity?: RunOptions['identity']) {
  return signEmbedToken(service.services.embedTokenKey, {
    sub: 'test',
    reports: [],
    datasets: [salesDataset.id, securedSalesDataset.id],
    dashboards: [],
    tiles: [],
    workspaces: [],
    accessLevel: 'View',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...(identity && {
      identities: [
        {
          username: identity.username,
          roles: [...identity.roles],
          datasets: [securedSalesDataset.id],
        },
      ],
    }),
  });
}

/** The sales summary page as the frame asks for it, with a store slicer that no cache has seen. */
function freshPage(store: number): Query[] {
  const schema = service.registry.schema(salesDataset.id)!;
  return openingPageQueries(salesOverviewReport.definition, schema).map((query) => ({
    ...query,
    filters: [
      ...(query.filters ?? []),
      {
        filterType: 1,
        target: { table: 'Tienda', column: 'IdTienda' },
        operator: 'NotIn',
        values: [store],
      },
    ],
  }));
}

/** A page through the batch route: each line's result, in query order (an error line throws). */
async function loadPage(datasetId: string, queries: Query[], token: string) {
  const response = await fetch(`${service.url}/v1.0/embed/datasets/${datasetId}/queries`, {
    method: 'POST',
    headers: { authorization: `EmbedToken ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ queries }),
  });
  if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
  const lines = (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => queryBatchLineSchema.parse(JSON.parse(line)))
    .sort((a, b) => a.index - b.index);
  return lines.map((line) => {
    if ('error' in line) throw new Error(`line ${line.index}: ${line.error.message}`);
    return canonical(line.result);
  });
}

/** The page as the service answers it in its own process, on its own store. */
async function inProcess(datasetId: string, queries: Query[], options: RunOptions = {}) {
  const parsed = queries.map((query) => querySchema.parse(query));
  const answers = await Promise.all(
    runQueries(service.registry.get(datasetId)!, parsed, { today: new Date(), ...options }),
  );
  return answers.map(canonical);
}

/** Rows that tie on a query's sort keys come in DuckDB's order: compared as a set. */
const canonical = (result: QueryResult) => ({
  ...result,
  rows: result.rows.map((row) => JSON.stringify(row)).sort(),
});

/** The first worker seen with a page in hand (the pages arrive over HTTP one by one). */
async function busyWorker(workers: QueryWorkers): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const busy = workers.workers().find(({ pages }) => pages > 0);
    if (busy) return busy.label;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('No query worker had a page in hand within 10 s');
}

/** The checks both kinds of worker pass; `kill` kills the worker with that label. */
function workerChecks(kill: (label: string) => void) {
  it('answer a page as the service does in its own process, with and without an identity', async () => {
    expect(service.services.queryWorkers?.workers()).toHaveLength(2);
    const page = freshPage(1);
    expect(await loadPage(salesDataset.id, page, await embedToken())).toEqual(
      await inProcess(salesDataset.id, page),
    );
    const secured = await loadPage(securedSalesDataset.id, freshPage(2), await embedToken(peru));
    expect(secured).toEqual(
      await inProcess(securedSalesDataset.id, freshPage(2), { identity: peru }),
    );
    expect(secured).not.toEqual(await inProcess(salesDataset.id, freshPage(2)));
  });

  it('answer from the new version once the data changes, without a restart', async () => {
    const page = freshPage(3);
    const before = await loadPage(salesDataset.id, page, await embedToken());
    const store = service.registry.get(salesDataset.id)!.store;
    const changed = store.withConnection((connection) =>
      connection.run(`DELETE FROM "Ventas" WHERE "IdTienda" = 4`),
    );
    await changed;
    const after = await loadPage(salesDataset.id, page, await embedToken());
    expect(after).not.toEqual(before);
    expect(after).toEqual(await inProcess(salesDataset.id, page));
  });

  it('lose no page load when a worker is killed with SIGKILL during 50 of them', async () => {
    const workers = service.services.queryWorkers!;
    const token = await embedToken();
    const pages = Array.from({ length: 50 }, (_, index) => freshPage(100 + index));
    const loads = pages.map((page) => loadPage(salesDataset.id, page, token));
    // Killed while it has pages in hand, so that they are really handed on.
    const victim = await busyWorker(workers);
    kill(victim);
    const settled = await Promise.allSettled(loads);
    expect(settled.filter(({ status }) => status === 'rejected')).toEqual([]);
    const answers = settled.map((load) => (load as PromiseFulfilledResult<unknown>).value);
    for (const [index, page] of pages.entries()) {
      expect(answers[index]).toEqual(await inProcess(salesDataset.id, page));
    }
    expect(workers.resent()).toBeGreaterThan(0);
  });
}

describe('forked query workers', () => {
  beforeAll(() => startService({ BI_QUERY_WORKERS: '2' }));
  afterAll(() => service.close());
  const pidOf = (label: string) =>
    service.services.queryWorkers!.workers().find((worker) => worker.label === label)!.pid!;
  const killed: number[] = [];
  workerChecks((label) => {
    killed.push(pidOf(label));
    process.kill(pidOf(label), 'SIGKILL');
  });

  it('have every dataset copied ahead when asked at start, each store once', async () => {
    const published = join(service.dataRoot, 'bi', 'published');
    const stores = () =>
      new Set(
        readdirSync(published)
          .filter((name) => name.endsWith('.duckdb'))
          .map((name) => name.split('-')[0]),
      );
    // The earlier tests read the sales data only (both of its models share one store).
    expect(stores().size).toBe(1);
    await service.services.queryWorkers!.prepare(service.services.datasetSchemas);
    // Sales (open and secured), finance and HR: three stores, three copies.
    expect(stores().size).toBe(3);
  });

  it('are replaced when killed', async () => {
    const workers = service.services.queryWorkers!;
    expect(killed).toHaveLength(1);
    await expect
      .poll(() => workers.workers().filter(({ pid }) => pid !== undefined))
      .toHaveLength(2);
    expect(workers.workers().map(({ pid }) => pid)).not.toContain(killed[0]);
  });
});

describe('query workers on other machines', () => {
  const secret = 'a-secret-shared-by-the-service-and-its-workers';
  const servers = new Map<string, ChildProcess>();
  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    const urls = ports.map((port) => `http://127.0.0.1:${port}/`);
    await startService({ BI_REMOTE_WORKERS: urls.join(','), BI_WORKER_SECRET: secret });
    for (const [index, url] of urls.entries()) {
      const child = spawn(process.execPath, [workerEntry], {
        env: {
          ...process.env,
          BI_WORKER_PORT: String(ports[index]),
          BI_WORKER_SECRET: secret,
          BI_PUBLISHED_DIR: join(service.dataRoot, 'bi', 'published'),
          BI_WORKER_THREADS: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: 'inherit',
      });
      servers.set(url, child);
      await waitForHealthy(`${url}health`, child);
    }
  });
  afterAll(async () => {
    for (const child of servers.values()) child.kill();
    await service.close();
  });

  it('run pages for the holder of the secret only', async () => {
    const [url] = servers.keys();
    for (const authorization of [undefined, 'Bearer not-the-secret', secret]) {
      const response = await fetch(`${url}pages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
        body: JSON.stringify({ id: 1, queries: [] }),
      });
      expect(response.status).toBe(401);
    }
  });
  workerChecks((url) => servers.get(url)!.kill('SIGKILL'));
});
