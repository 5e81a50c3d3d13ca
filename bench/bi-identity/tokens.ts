/**
 * BI service identity and REST benchmark (not a test): sequential latency of the OAuth token
 * grants, the Power BI REST reads and GenerateToken, over real HTTP on loopback, with the demo
 * identities and content (no DuckDB datasets: these calls never touch them).
 *
 *   ./node_modules/.bin/node bench/bi-identity/tokens.ts
 */
import { demoServicePrincipal, demoUsers, publishedDemoCredentials } from '@vitrina/env/demo';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../apps/bi-service/src/config.ts';
import { workspaceIdFor } from '../../apps/bi-service/src/catalog/catalog.service.ts';
import { demoWorkspaces } from '../../apps/bi-service/src/demo/index.ts';
import { listen } from '../../apps/bi-service/src/listen.ts';
import { seedDemo } from '../../apps/bi-service/src/seed/seed-demo.ts';
import { createServices } from '../../apps/bi-service/src/services.ts';

const scope = 'https://analysis.windows.net/powerbi/api/.default';
const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bench-bi-identity-'));
const services = createServices(
  loadConfig({ DATA_DIR: dataRoot, BI_RATE_LIMIT_PER_MINUTE: '100000000' }),
);
await seedDemo(services, demoWorkspaces, publishedDemoCredentials);
const running = await listen(services, { port: 0, tlsPort: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${running.port}`;
const user = demoUsers[0]!;

async function post(path: string, body: URLSearchParams | object, token?: string) {
  const json = !(body instanceof URLSearchParams);
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json ? JSON.stringify(body) : body,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function get(path: string, token: string) {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

const passwordForm = () =>
  new URLSearchParams({
    grant_type: 'password',
    client_id: user.clientId,
    username: user.username,
    password: publishedDemoCredentials.passwords[user.username]!,
    scope,
  });
const clientForm = () =>
  new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: demoServicePrincipal.clientId,
    client_secret: publishedDemoCredentials.servicePrincipalSecret,
    scope,
  });

const accessToken = String(
  (await post('/vitrina/oauth2/v2.0/token', passwordForm()))['access_token'],
);
const group = workspaceIdFor('Comercial');
const reportId = demoWorkspaces[0]!.reports[0]!.id;

const cases: { name: string; runs: number; call: () => Promise<unknown> }[] = [
  {
    name: 'password grant (argon2id verify)',
    runs: 40,
    call: () => post('/vitrina/oauth2/v2.0/token', passwordForm()),
  },
  {
    name: 'client credentials (argon2id verify)',
    runs: 40,
    call: () => post('/vitrina/oauth2/v2.0/token', clientForm()),
  },
  { name: 'GET groups', runs: 300, call: () => get('/v1.0/myorg/groups', accessToken) },
  {
    name: 'GET groups/{g}/reports',
    runs: 300,
    call: () => get(`/v1.0/myorg/groups/${group}/reports`, accessToken),
  },
  {
    name: 'report GenerateToken',
    runs: 300,
    call: () =>
      post(
        `/v1.0/myorg/groups/${group}/reports/${reportId}/GenerateToken`,
        { accessLevel: 'View' },
        accessToken,
      ),
  },
  {
    name: 'multi-resource GenerateToken (4 reports)',
    runs: 300,
    call: () =>
      post(
        '/v1.0/myorg/GenerateToken',
        { reports: demoWorkspaces[0]!.reports.map(({ id }) => ({ id })) },
        accessToken,
      ),
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

console.log('| call | runs | p50 ms | p95 ms |');
console.log('| --- | --- | --- | --- |');
for (const { name, runs, call } of cases) {
  for (let warm = 0; warm < 5; warm++) await call();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `| ${name} | ${runs} | ${percentile(samples, 50).toFixed(2)} | ${percentile(samples, 95).toFixed(2)} |`,
  );
}

await running.close();
await services.close();
rmSync(dataRoot, { recursive: true, force: true });
