/**
 * Load through nginx on three portal instances (PostgreSQL + Redis) and the bundled BI service
 * with its demo content, all on loopback: BENCH_VIEWERS virtual viewers (default 50, at most 200)
 * loop for BENCH_SECONDS (default 20, at most 60): each logs in once, then lists its accounts and
 * opens a report (viewer call with its embed token) again and again, with no pause (a closed
 * loop). Prints tried/failed, p50/p99 per step and each instance's resident memory before and
 * after. Bounded in count and time; stops by itself. The same deployment, for 60 s and a
 * 10-minute soak with pass/fail, is `npm run test:soak`.
 * Needs PostgreSQL (VITRINA_TEST_PG_URL), redis-server and nginx.
 */
import { readFileSync } from 'node:fs';
import {
  describeLoad,
  startViewerCluster,
} from '../../apps/server/test/reliability/viewer-cluster.ts';
import type { ServerProcess } from '@vitrina/test-support/processes';

const viewers = Math.min(Number(process.env['BENCH_VIEWERS'] ?? 50), 200);
const seconds = Math.min(Number(process.env['BENCH_SECONDS'] ?? 20), 60);

const rssMiB = (portal: ServerProcess) => {
  const status = readFileSync(`/proc/${portal.child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

const cluster = await startViewerCluster({ viewers });
const rssBefore = cluster.portals.map(rssMiB);
const load = await cluster.run({ viewers, seconds });
const rssAfter = cluster.portals.map(rssMiB);

console.log(`cluster load: ${viewers} viewers × ${seconds} s through nginx, 3 portal instances`);
for (const line of describeLoad(load)) console.log(`  ${line}`);
console.log(`  portal RSS MiB before ${rssBefore.join('/')}, after ${rssAfter.join('/')}`);
await cluster.stop();
