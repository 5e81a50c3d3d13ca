/**
 * The bundled BI service's capacity (not a test): what a fresh page costs one BI process in CPU,
 * and how many viewers it serves while each draws such a page every 5 s, at p99 ≤ 500 ms per
 * visual query (issue 14's bound; p95 is printed beside it). One BI process as `npm run start:bi`
 * runs it, demo content, on loopback; a viewer draws the opening page of *Ventas generales* the
 * way the frame does: the page's queries as the frame builds them (report, page and visual
 * filters, `openingPageQueries`), in one batched call (`POST …/datasets/{id}/queries`), and a
 * query's time runs from the call to its own line of the answer.
 *
 * A fresh page carries a slicer value of its own (the result cache never helps: the worst case);
 * a cached one is identical for every viewer (the first draw feeds the rest).
 *
 * - **CPU per fresh page:** pages drawn one after another, the BI process's CPU time (user +
 *   system, every thread, from /proc) over them ÷ pages. Measured in rounds.
 * - **Viewers at one draw every 5 s**, ramped until p99 passes the bound (the knee is the last
 *   step within it), with cached pages at 256 viewers as a check that they stay far above. Each
 *   step also gives the BI process's cores used and threads wanting a CPU (decision 0206).
 * Decision 0309 (this shape), 0192 (the first).
 *
 * **Query workers** (`BI_QUERY_WORKERS`, decision 0308): the same checkout runs as one process
 * (queries in the service) and with 2 workers, measured in alternation; a process's CPU counts
 * its workers'. A **throughput** phase (viewers drawing fresh pages back to back) gives the ratio
 * of 2 workers to 1, and the knee gives the viewers per core an operator multiplies by machines.
 * `BENCH_WORKERS=<n>` sets the second target's workers (default 2; 1 measures one target).
 *
 * `BENCH_BASELINE=<dir>`: another checkout (main, say, unpacked in a temporary directory with
 * this one's node_modules linked in) started beside this one; both are measured in alternation,
 * round by round and step by step, so both see the same load on a shared machine.
 * `BENCH_CPU_PROFILE_DIR=<dir>`: every BI process writes a V8 CPU profile (its JS thread) there
 * as it stops. `BENCH_SECONDS`: length of a paced step (default 15, at most 30).
 *
 *   npm run bench -- bi-capacity
 */
import type { EmbedReport, Query, ReportDefinition } from '@vitrina/bi-model';
import { openingPageQueries } from '@vitrina/bi-model/visual-queries';
import { FilterType } from '@vitrina/embed-sdk/protocol';
import { demoServicePrincipal, publishedDemoCredentials } from '@vitrina/env/demo';
import { startBiProcess, type BiProcess } from '@vitrina/test-support/processes';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { demoWorkspaces } from '../../apps/bi-service/demo/index.ts';
import { workspaceIdFor } from '../../apps/bi-service/src/modules/tenant/catalog.service.ts';
import { percentile } from '../../apps/server/test/reliability/viewer-cluster.ts';

const stepSeconds = Math.min(Number(process.env['BENCH_SECONDS'] ?? 15), 30);
const baseline = process.env['BENCH_BASELINE'];
const profileDir = process.env['BENCH_CPU_PROFILE_DIR'];
const boundMs = 500;
/** A viewer at a human pace: a slicer click or a page change every 5 s (a busy analyst). */
const pausedViewerMs = 5_000;
const cpuRounds = 5;
const pagesPerRound = 10;
const pacedViewers = [2, 4, 8, 16, 24, 32, 48, 64, 96, 128];
const cachedViewers = 256;
const workerCounts = [...new Set([1, Number(process.env['BENCH_WORKERS'] ?? 2)])];
/** Viewers drawing back to back in the throughput phase: enough to keep every core busy. */
const saturatingViewers = 8;
const throughputRounds = 3;

/** One BI process under measure, ready to draw the page. */
interface Target {
  label: string;
  bi: BiProcess;
  drawPage(fresh: boolean, times: number[]): Promise<boolean>;
  cpuMs(): number;
  threadTimes(): { running: number; waiting: number };
}

/** A POST to the BI process that must succeed; its JSON answer. */
async function postFor(
  bi: BiProcess,
  path: string,
  init: RequestInit,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${bi.url}${path}`, { method: 'POST', ...init });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The portal's path to an embed token: the service principal's grant, then GenerateToken. */
async function embedAuthorization(bi: BiProcess, reportId: string): Promise<string> {
  const token = await postFor(bi, '/vitrina/oauth2/v2.0/token', {
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demoServicePrincipal.clientId,
      client_secret: publishedDemoCredentials.servicePrincipalSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    }),
  });
  const embed = await postFor(
    bi,
    `/v1.0/myorg/groups/${workspaceIdFor('Comercial')}/reports/${reportId}/GenerateToken`,
    {
      headers: {
        authorization: `Bearer ${String(token['access_token'])}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ accessLevel: 'View' }),
    },
  );
  return `EmbedToken ${String(embed['token'])}`;
}

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

/** The process and every process it started (its query workers), from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(
        readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1],
      );
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++)
    tree.push(...(children.get(tree[index]!) ?? []));
  return tree;
}

async function startTarget(label: string, workers: number, checkout?: string): Promise<Target> {
  const bi = await startBiProcess({
    ...(checkout ? { checkout } : {}),
    env: {
      VITRINA_DEMO: 'true',
      BI_QUERY_WORKERS: String(workers),
      BI_RATE_LIMIT_PER_MINUTE: '100000000',
      ...(profileDir
        ? {
            NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(profileDir, label.replaceAll(' ', '-'))}`,
          }
        : {}),
    },
  });
  const report = demoWorkspaces[0]!.reports[0]!;
  const authorization = await embedAuthorization(bi, report.id);
  const embed = (await (
    await fetch(`${bi.url}/v1.0/embed/reports/${report.id}`, { headers: { authorization } })
  ).json()) as EmbedReport;
  const pageQueries: Query[] = openingPageQueries(
    embed.definition as ReportDefinition,
    embed.dataset,
  );

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
   * The BI process's threads, summed from /proc (schedstat, in ns): time on a CPU, and time ready
   * to run but waiting for one. Over a step, their sum ÷ the wall time is how many of its threads
   * wanted a CPU at once on average (decision 0206): a busy machine grows the wait, not this.
   */
  function threadTimes(): { running: number; waiting: number } {
    const times = { running: 0, waiting: 0 };
    for (const pid of processTree(bi.child.pid!)) {
      for (const thread of readdirSync(`/proc/${pid}/task`)) {
        try {
          const [running, waiting] = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8')
            .split(' ')
            .map(Number);
          times.running += running!;
          times.waiting += waiting!;
        } catch {
          // A thread that ended between the listing and the read.
        }
      }
    }
    return times;
  }

  /**
   * CPU time of the BI process and its workers so far, in ms: user + system of all their threads
   * (stat(5)). A worker that died takes its time with it.
   */
  function cpuMs(): number {
    return processTree(bi.child.pid!).reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
      return sum + (Number(fields[11]) + Number(fields[12])) * 10;
    }, 0);
  }

  console.log(
    `${label}: report "${embed.name}", page "${(embed.definition as ReportDefinition).pages[0]!.displayName}", ${pageQueries.length} queries per draw`,
  );
  return { label, bi, drawPage, cpuMs, threadTimes };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const median = (values: number[]) => percentile(values, 50);

/** Fresh pages one after another: the CPU each costs the BI process, and query times alone. */
async function cpuRound(target: Target) {
  const times: number[] = [];
  const before = target.cpuMs();
  for (let page = 0; page < pagesPerRound; page++) {
    if (!(await target.drawPage(true, times))) throw new Error(`${target.label}: a draw failed`);
  }
  return { cpuPerPage: (target.cpuMs() - before) / pagesPerRound, times };
}

/** `viewers` each drawing a page every 5 s for one step. */
async function pacedStep(target: Target, viewers: number, fresh: boolean) {
  const times: number[] = [];
  let pages = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + stepSeconds * 1000;
  const cpuBefore = target.cpuMs();
  const threadsBefore = target.threadTimes();
  await Promise.all(
    Array.from({ length: viewers }, async () => {
      // Viewers start spread over one pause, as people do, not all on the same tick.
      await sleep(Math.random() * pausedViewerMs);
      while (performance.now() < deadline) {
        if (await target.drawPage(fresh, times)) pages++;
        else failed++;
        await sleep(pausedViewerMs);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const threadsAfter = target.threadTimes();
  const wanted =
    threadsAfter.running + threadsAfter.waiting - threadsBefore.running - threadsBefore.waiting;
  return {
    threadsWanting: wanted / 1e9 / seconds,
    pagesPerSecond: pages / seconds,
    failed,
    cpuPerPage: (target.cpuMs() - cpuBefore) / Math.max(1, pages),
    coresUsed: (target.cpuMs() - cpuBefore) / 1000 / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const targets: Target[] = [];
for (const workers of workerCounts) {
  targets.push(await startTarget(workers === 1 ? 'in the service' : `${workers} workers`, workers));
}
if (baseline) targets.push(await startTarget('baseline', 1, resolve(baseline)));
console.log(`load average at start: ${load()}`);

// Warm-up: DuckDB's caches, V8's optimiser.
for (const target of targets) await cpuRound(target);

console.log(
  `\nCPU per fresh page: ${cpuRounds} rounds of ${pagesPerRound} pages one after another${targets.length > 1 ? ', in alternation' : ''}`,
);
console.log('| target | CPU ms per page, each round | median | query p50 ms | query p95 ms |');
console.log('| --- | --- | ---: | ---: | ---: |');
const rounds = new Map(
  targets.map((target) => [target, { cpu: [] as number[], times: [] as number[] }]),
);
for (let round = 0; round < cpuRounds; round++) {
  for (const target of targets) {
    const { cpuPerPage, times } = await cpuRound(target);
    rounds.get(target)!.cpu.push(cpuPerPage);
    rounds.get(target)!.times.push(...times);
  }
}
for (const [target, { cpu, times }] of rounds) {
  console.log(
    `| ${target.label} | ${cpu.map((ms) => ms.toFixed(0)).join(', ')} | ${median(cpu).toFixed(0)} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} |`,
  );
}

/** `viewers` drawing fresh pages back to back for one step: pages per second. */
async function throughputStep(target: Target): Promise<number> {
  let pages = 0;
  const started = performance.now();
  const deadline = started + stepSeconds * 1000;
  await Promise.all(
    Array.from({ length: saturatingViewers }, async () => {
      while (performance.now() < deadline) {
        if (!(await target.drawPage(true, []))) throw new Error(`${target.label}: a draw failed`);
        pages++;
      }
    }),
  );
  return pages / ((performance.now() - started) / 1000);
}

console.log(
  `\nThroughput: ${saturatingViewers} viewers drawing fresh pages back to back, ${stepSeconds} s a round, ${throughputRounds} rounds in alternation`,
);
console.log('| target | pages/s, each round | median | × the service alone |');
console.log('| --- | --- | ---: | ---: |');
const throughput = new Map(targets.map((target) => [target, [] as number[]]));
for (let round = 0; round < throughputRounds; round++) {
  for (const target of targets) throughput.get(target)!.push(await throughputStep(target));
}
const alone = median(throughput.get(targets[0]!)!);
for (const [target, rates] of throughput) {
  console.log(
    `| ${target.label} | ${rates.map((rate) => rate.toFixed(1)).join(', ')} | ${median(rates).toFixed(1)} | ${(median(rates) / alone).toFixed(2)} |`,
  );
}

console.log(
  `\nFresh pages, viewers drawing every ${pausedViewerMs / 1000} s; ${stepSeconds} s a step`,
);
console.log(
  '| target | viewers | pages/s | failed | query p50 ms | query p95 ms | query p99 ms | BI CPU ms per page | BI cores used | BI threads wanting a CPU | load average |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
const knees = new Map<Target, number>();
const past = new Set<Target>();
for (const viewers of pacedViewers) {
  for (const target of targets.filter((candidate) => !past.has(candidate))) {
    const step = await pacedStep(target, viewers, true);
    console.log(
      `| ${target.label} | ${viewers} | ${step.pagesPerSecond.toFixed(1)} | ${step.failed} | ${step.p50.toFixed(0)} | ${step.p95.toFixed(0)} | ${step.p99.toFixed(0)} | ${step.cpuPerPage.toFixed(0)} | ${step.coresUsed.toFixed(2)} | ${step.threadsWanting.toFixed(2)} | ${load()} |`,
    );
    if (step.p99 > boundMs || step.failed > 0) past.add(target);
    else knees.set(target, viewers);
  }
}
const cores = availableParallelism();
for (const target of targets) {
  const knee = knees.get(target);
  console.log(
    `${target.label}: ${knee ? `${knee} fresh-page viewers, ${(knee / cores).toFixed(1)} per core (${cores} cores)` : 'below the first step'} at p99 ≤ ${boundMs} ms` +
      (knee === pacedViewers.at(-1) ? ' (the most tried)' : ''),
  );
}

console.log(`\nCached pages (identical draws), ${cachedViewers} viewers drawing every 5 s`);
for (const target of targets) {
  const step = await pacedStep(target, cachedViewers, false);
  console.log(
    `${target.label}: ${step.pagesPerSecond.toFixed(1)} pages/s, ${step.failed} failed, query p95 ${step.p95.toFixed(0)} ms, p99 ${step.p99.toFixed(0)} ms, ${step.cpuPerPage.toFixed(1)} ms CPU per page`,
  );
}
console.log(`load average at the end: ${load()}`);
for (const target of targets) await target.bi.stop();
