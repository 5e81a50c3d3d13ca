/**
 * Export To File on the bundled BI service (not a test): time from `ExportTo` to `Succeeded` for
 * the 2-page demo report *Ventas generales* as PDF, PNG and PPTX, cold (the first job of a fresh
 * BI process: Chromium starts) and warm (median of the next runs), then throughput with the
 * service's concurrency cap (BI_EXPORT_CONCURRENCY, 2) busy, and the peak memory of the BI
 * process with its Chromium (resident set sizes summed over the process tree).
 *
 *   npm run bench -- export          (EXPORT_WARM_RUNS, default 5; EXPORT_BURST, default 8)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoServicePrincipal, publishedDemoCredentials } from '@vitrina/env/demo';
import { startBiProcess, type BiProcess } from '@vitrina/test-support/processes';
import { demoWorkspaces } from '../../apps/bi-service/demo/index.ts';
import { workspaceIdFor } from '../../apps/bi-service/src/modules/tenant/catalog.service.ts';

const warmRuns = Number(process.env['EXPORT_WARM_RUNS'] ?? 5);
const burst = Number(process.env['EXPORT_BURST'] ?? 8);
const formats = ['PDF', 'PNG', 'PPTX'] as const;
const report = demoWorkspaces[0]!.reports.find((r) => r.name === 'Ventas generales')!;
const reportPath = `/v1.0/myorg/groups/${workspaceIdFor('Comercial')}/reports/${report.id}`;

async function servicePrincipalToken(bi: BiProcess): Promise<string> {
  const response = await fetch(`${bi.url}/vitrina/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demoServicePrincipal.clientId,
      client_secret: publishedDemoCredentials.servicePrincipalSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    }),
  });
  return String(((await response.json()) as Record<string, unknown>)['access_token']);
}

/** One export from `ExportTo` to `Succeeded` (polled every 25 ms); its time in ms. */
async function exportOnce(bi: BiProcess, token: string, format: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const created = await fetch(`${bi.url}${reportPath}/ExportTo`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ format }),
  });
  if (created.status !== 202)
    throw new Error(`ExportTo: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const poll = await fetch(`${bi.url}${reportPath}/exports/${id}`, { headers });
    const job = (await poll.json()) as { status: string; error?: unknown };
    if (job.status === 'Succeeded') return performance.now() - started;
    if (job.status === 'Failed') throw new Error(`export failed: ${JSON.stringify(job)}`);
    await sleep(25);
  }
}

/** Resident memory (MB) of `pid` and every process below it, read from /proc. */
function treeRssMb(pid: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      rss.set(Number(entry), Number(fields[21]) * 4096);
    } catch {
      // The process ended while the table was read.
    }
  }
  const inTree = (candidate: number): boolean => {
    for (let at = candidate; at > 1; at = parents.get(at) ?? 0) if (at === pid) return true;
    return false;
  };
  let bytes = 0;
  for (const [candidate, size] of rss) if (inTree(candidate)) bytes += size;
  return bytes / 1024 / 1024;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

let peakMb = 0;
const rows: string[] = [];
let throughput = '';
for (const format of formats) {
  const bi = await startBiProcess({
    env: { VITRINA_DEMO: 'true', BI_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(bi.child.pid!))), 100);
  try {
    const token = await servicePrincipalToken(bi);
    const cold = await exportOnce(bi, token, format);
    const warm: number[] = [];
    for (let run = 0; run < warmRuns; run++) warm.push(await exportOnce(bi, token, format));
    rows.push(
      `${format.padEnd(5)} cold ${ms(cold).padStart(8)}   warm median ${ms(median(warm)).padStart(8)}   warm best ${ms(Math.min(...warm)).padStart(8)}`,
    );
    if (format === 'PDF') {
      const started = performance.now();
      await Promise.all(Array.from({ length: burst }, () => exportOnce(bi, token, format)));
      const seconds = (performance.now() - started) / 1000;
      const pages = burst * 2;
      throughput = `${burst} PDF jobs of 2 pages at once (cap 2): ${seconds.toFixed(1)} s, ${(pages / seconds).toFixed(2)} pages/s`;
    }
  } finally {
    clearInterval(sampler);
    await bi.stop();
  }
}

console.log(`Export To File, "${report.name}" (2 pages), ExportTo → Succeeded:`);
for (const row of rows) console.log(`  ${row}`);
console.log(`  ${throughput}`);
console.log(`  peak memory, BI process + Chromium (RSS summed): ${Math.round(peakMb)} MB`);
