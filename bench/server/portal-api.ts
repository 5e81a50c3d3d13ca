/**
 * Portal API throughput and latency against a large tenant (issue 3; targets of issue 16):
 * `GET /api/account/{viewerId}` and `GET /api/viewer/report/{uid}` (warm embed-token cache), each
 * side by side with a bare node:http server returning the same precomputed JSON (the floor).
 * The servers run in a child process (portal-api-server.ts); autocannon runs here.
 *
 *   npm run bench -- portal-api                                   (SQLite file database)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- portal-api   (PostgreSQL)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const connections = 50;
const durationSeconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const targets = { p99Ms: 10, floorShare: 0.4 };

interface Targets {
  about: string;
  token: string;
  routes: { name: string; bytes: number; portal: string; floor: string }[];
}

/** The server process's CPU time so far (user + system, µs), asked over the IPC channel. */
async function serverCpu(): Promise<number> {
  server.send('cpu');
  const [usage] = (await once(server, 'message')) as [NodeJS.CpuUsage];
  return usage.user + usage.system;
}

async function measure(url: string, token: string, seconds = durationSeconds) {
  const cpuBefore = await serverCpu();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    // A browser sends the anti-forgery cookie it was given; without it every reply would set one.
    headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=bench-xsrf-token' },
  });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  // The server's CPU time per request is steadier than req/s on a machine shared with other work.
  const cpuPerRequest = ((await serverCpu()) - cpuBefore) / result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest,
  };
}

const server = spawn(
  process.execPath,
  [new URL('./portal-api-server.ts', import.meta.url).pathname],
  {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  },
);
try {
  const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
  const setup = JSON.parse(line) as Targets;
  console.log(
    `tenant: ${setup.about}; ${connections} connections, ${durationSeconds} s per run, ` +
      `Node ${process.version}, ${cpus().length} CPU(s)`,
  );
  const table = [
    '| route | portal req/s | p50 ms | p99 ms | floor req/s | floor p50 ms | floor p99 ms | share of floor | targets met | server CPU µs/req portal / floor |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const route of setup.routes) {
    // Warm-up so both servers run optimised code when measured.
    await measure(route.portal, setup.token, 2);
    await measure(route.floor, setup.token, 2);
    const portal = await measure(route.portal, setup.token);
    const floor = await measure(route.floor, setup.token);
    const share = portal.rps / floor.rps;
    const met = portal.p99 <= targets.p99Ms && share >= targets.floorShare;
    table.push(
      `| ${route.name} (${route.bytes} B) | ${portal.rps.toFixed(0)} | ${portal.p50} | ${portal.p99} | ` +
        `${floor.rps.toFixed(0)} | ${floor.p50} | ${floor.p99} | ${(share * 100).toFixed(0)}% | ${met ? 'yes' : 'no'} | ` +
        `${portal.cpuPerRequest.toFixed(0)} / ${floor.cpuPerRequest.toFixed(0)} |`,
    );
  }
  console.log(table.join('\n'));
  console.log(
    `targets: p99 ≤ ${targets.p99Ms} ms and ≥ ${targets.floorShare * 100}% of the floor's req/s`,
  );
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
}
