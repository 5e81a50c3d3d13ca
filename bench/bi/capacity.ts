/**
 * The bundled BI service's capacity (not a test): how many viewers one BI process serves while
 * each draws a report page, at p99 ≤ 500 ms per visual query. One BI process (as `npm run
 * start:bi` runs it, demo content) on loopback; a viewer draws the first page of *Ventas
 * generales* the way the frame does, as one batched call (`POST …/datasets/{id}/queries`) with
 * every visual's queries, and a query's time is from the call to its own line of the answer.
 * Viewers draw back to back (a closed loop: the throughput), then at a human pace (a draw every
 * 5 s), ramped until p99 passes the bound; the knee is the last step within it.
 *
 * Two cases: every draw with a slicer value of its own (`fresh`: the result cache never helps,
 * the worst case), and every draw identical (`cached`: the first page drawn feeds the rest).
 *
 *   npm run bench -- bi-capacity          (BENCH_SECONDS per step, default 15, at most 30)
 */
import type { EmbedReport, Query, ReportDefinition } from '@vitrina/bi-model';
import { FilterType } from '@vitrina/embed-sdk/protocol';
import { demoServicePrincipal, publishedDemoCredentials } from '@vitrina/env/demo';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { workspaceIdFor } from '../../apps/bi-service/src/modules/tenant/catalog.service.ts';
import { demoWorkspaces } from '../../apps/bi-service/demo/index.ts';
import { queriesForVisual } from '@vitrina/bi-model/visual-queries';
import { startBiProcess } from '@vitrina/test-support/processes';
import { percentile } from '../../apps/server/test/reliability/viewer-cluster.ts';

const stepSeconds = Math.min(Number(process.env['BENCH_SECONDS'] ?? 15), 30);
const boundMs = 500;
/** A viewer at a human pace: a slicer click or a page change every 5 s (a busy analyst). */
const pausedViewerMs = 5_000;

const bi = await startBiProcess({
  env: { VITRINA_DEMO: 'true', BI_RATE_LIMIT_PER_MINUTE: '100000000' },
});

/** A POST to the BI process that must succeed; its JSON answer. */
async function postFor(path: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(`${bi.url}${path}`, { method: 'POST', ...init });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

// The portal's path to an embed token: the service principal's grant, then GenerateToken.
const accessToken = String(
  (
    await postFor('/vitrina/oauth2/v2.0/token', {
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: demoServicePrincipal.clientId,
        client_secret: publishedDemoCredentials.servicePrincipalSecret,
        scope: 'https://analysis.windows.net/powerbi/api/.default',
      }),
    })
  )['access_token'],
);
const report = demoWorkspaces[0]!.reports[0]!;
const embedToken = String(
  (
    await postFor(
      `/v1.0/myorg/groups/${workspaceIdFor('Comercial')}/reports/${report.id}/GenerateToken`,
      {
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ accessLevel: 'View' }),
      },
    )
  )['token'],
);
const authorization = `EmbedToken ${embedToken}`;
const embed = (await (
  await fetch(`${bi.url}/v1.0/embed/reports/${report.id}`, { headers: { authorization } })
).json()) as EmbedReport;
const page = (embed.definition as ReportDefinition).pages[0]!;
const pageQueries: Query[] = page.visuals.flatMap((visual) =>
  Object.values(queriesForVisual({ visual, schema: embed.dataset, filters: [] })),
);
console.log(
  `BI capacity: one BI process, report "${embed.name}", page "${page.displayName}": ` +
    `${page.visuals.length} visuals, ${pageQueries.length} queries per draw; ${stepSeconds} s per step`,
);

/**
 * A range slicer on the fact table ("sales above X", X drawn anew each time): a query the cache
 * has never seen, keeping most rows, so each draw costs what the page costs.
 */
const freshSlicer = () => ({
  filterType: FilterType.Advanced,
  target: { table: 'Ventas', column: 'Importe' },
  logicalOperator: 'And' as const,
  conditions: [{ operator: 'GreaterThan' as const, value: Math.random() * 10 }],
});

/** Draws the page once; pushes each query's time to its own line of the streamed answer. */
async function drawPage(fresh: boolean, times: number[]): Promise<boolean> {
  const slicer = fresh ? [freshSlicer()] : [];
  const queries = pageQueries.map((query) => ({
    ...query,
    filters: [...(query.filters ?? []), ...slicer],
  }));
  const started = performance.now();
  const response = await fetch(`${bi.url}/v1.0/embed/datasets/${embed.datasetId}/queries`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ queries }),
  });
  if (!response.ok || !response.body) return false;
  let buffered = '';
  let answered = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      if ('error' in (JSON.parse(line) as object)) return false;
      times.push(performance.now() - started);
      answered++;
    }
  }
  return answered === queries.length;
}

/**
 * CPU the BI process has used, in ms (user + system, from /proc): what a page costs it, which
 * other programs on a shared machine slow down but do not add to.
 */
function biCpuMs(): number {
  const fields = readFileSync(`/proc/${bi.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The BI process's threads, summed from /proc (schedstat, in ns): time on a CPU, and time ready
 * to run but waiting for one. Over a step, their sum ÷ the wall time is how many of its threads
 * wanted a CPU at once on average: near 1 when its work runs one piece after another, above
 * when it runs side by side; on a busy machine the wait grows, this ratio does not shrink.
 */
function biThreadTimes(): { running: number; waiting: number } {
  const times = { running: 0, waiting: 0 };
  for (const thread of readdirSync(`/proc/${bi.child.pid}/task`)) {
    try {
      const [running, waiting] = readFileSync(
        `/proc/${bi.child.pid}/task/${thread}/schedstat`,
        'utf8',
      )
        .split(' ')
        .map(Number);
      times.running += running!;
      times.waiting += waiting!;
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return times;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `viewers` drawing for one step, each pausing `pauseMs` after a draw (0: back to back). */
async function step(viewers: number, fresh: boolean, pauseMs: number) {
  const times: number[] = [];
  let pages = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + stepSeconds * 1000;
  const cpuBefore = biCpuMs();
  const threadsBefore = biThreadTimes();
  await Promise.all(
    Array.from({ length: viewers }, async () => {
      // Paced viewers start spread over one pause, as people do, not all on the same tick.
      await sleep(Math.random() * pauseMs);
      while (performance.now() < deadline) {
        if (await drawPage(fresh, times)) pages++;
        else failed++;
        await sleep(pauseMs);
      }
    }),
  );
  const cpuPerPage = (biCpuMs() - cpuBefore) / Math.max(1, pages);
  const wallNs = (performance.now() - started) * 1e6;
  const threadsAfter = biThreadTimes();
  const coresUsed = (threadsAfter.running - threadsBefore.running) / wallNs;
  const threadsWanting = coresUsed + (threadsAfter.waiting - threadsBefore.waiting) / wallNs;
  return {
    pages,
    failed,
    cpuPerPage,
    coresUsed,
    threadsWanting,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

/** Ramps viewers until p99 passes the bound or a draw fails; prints each step and the knee. */
async function ramp(fresh: boolean, pauseMs: number, counts: number[]) {
  const pace = pauseMs ? `a draw every ${pauseMs / 1000} s + its own time` : 'back to back';
  const cache = fresh ? 'fresh: a new slicer value every draw' : 'cached: identical draws';
  console.log(`\n${cache}; viewers ${pace}`);
  console.log(
    '| viewers | pages/s | failed | query p50 ms | query p99 ms | BI CPU ms per page | BI cores used | BI threads wanting a CPU |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  let knee: { viewers: number; pagesPerSecond: number } | undefined;
  for (const viewers of counts) {
    const { pages, failed, cpuPerPage, coresUsed, threadsWanting, p50, p99 } = await step(
      viewers,
      fresh,
      pauseMs,
    );
    const pagesPerSecond = pages / stepSeconds;
    console.log(
      `| ${viewers} | ${pagesPerSecond.toFixed(1)} | ${failed} | ${p50.toFixed(0)} | ${p99.toFixed(0)} | ${cpuPerPage.toFixed(0)} | ${coresUsed.toFixed(2)} | ${threadsWanting.toFixed(2)} |`,
    );
    if (p99 > boundMs || failed > 0) break;
    knee = { viewers, pagesPerSecond };
  }
  console.log(
    knee
      ? `knee: ${knee.viewers} viewers (${knee.pagesPerSecond.toFixed(1)} pages/s) at p99 ≤ ${boundMs} ms` +
          (knee.viewers === counts.at(-1) ? ' (the most tried)' : '')
      : `knee: below 1 viewer (p99 > ${boundMs} ms already)`,
  );
}

await step(2, true, 0); // warm-up: DuckDB's caches, V8's optimiser
for (const fresh of [true, false]) {
  await ramp(fresh, 0, [1, 2, 4, 8, 16, 32, 64]);
  await ramp(fresh, pausedViewerMs, [1, 2, 4, 8, 16, 32, 64, 128, 256]);
}
await bi.stop();
