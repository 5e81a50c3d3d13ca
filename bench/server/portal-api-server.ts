/**
 * The server side of the portal-api benchmark, in its own process so the load generator does not
 * share its event loop: seeds the tenant, starts the portal and one bare node:http "floor" per
 * route (same JSON bytes), prints one JSON line describing the targets, and cleans up on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../../apps/server/src/lib/passwords.ts';
import { createSessionIssuer } from '../../apps/server/src/modules/auth/sessions.ts';
import { embedTokenKey } from '../../apps/server/src/modules/viewer/viewer.service.ts';
import { createPostgresDatabase } from '../../apps/server/test/postgres-database.ts';
import { seedTenant, tenant } from './portal-api-seed.ts';

async function openBenchDatabase(
  dataDir: string,
): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  const pgUrl = process.env['BENCH_PG_URL'];
  if (!pgUrl) {
    const handle = openDatabase(`sqlite://${join(dataDir, 'bench.db')}`);
    await migrateToLatest(handle.db, handle.dialect);
    return { ...handle, drop: () => handle.db.destroy() };
  }
  return createPostgresDatabase(pgUrl, `vitrina_bench_${randomBytes(4).toString('hex')}`);
}

/** The floor: node:http answering every request with the same bytes. */
async function startFloor(body: string): Promise<Server> {
  const server = createServer((_, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-bench-'));
const database = await openBenchDatabase(dataDir);
const passwordHash = await createPasswordHasher({ memoryCost: 1024, timeCost: 1 }).hash(
  'Clave1234',
);
const seeded = await seedTenant(database.db, passwordHash);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  VITRINA_DEMO: 'false',
  SYNC_INTERVAL_MINUTES: '0',
  WEB_DIST_DIR: join(dataDir, 'no-web-build'),
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const portalUrl = urlOf(app.server);
const token = (await createSessionIssuer(app.context).issue(database.db, seeded.viewerId)).token;

// Warm embed-token cache: the benchmark measures the portal, not GenerateToken.
const { account_id } = await database.db
  .selectFrom('reports as r')
  .innerJoin('workspaces as w', 'w.id', 'r.workspace_id')
  .select('w.account_id')
  .where('r.uid', '=', seeded.report.uid)
  .executeTakeFirstOrThrow();
await app.services.embedTokens.get(embedTokenKey(account_id, seeded.report.biId), async () => ({
  token: `bench.${randomBytes(300).toString('base64url')}`,
  expiration: new Date(Date.now() + 3_600_000).toISOString(),
}));

const routes = [];
const floors: Server[] = [];
for (const [name, path] of [
  ['GET /api/account/{viewerId}', `/api/account/${seeded.viewerId}`],
  ['GET /api/viewer/report/{uid}', `/api/viewer/report/${seeded.report.uid}`],
] as const) {
  const response = await fetch(`${portalUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = await response.text();
  const floor = await startFloor(body);
  floors.push(floor);
  routes.push({
    name,
    bytes: Buffer.byteLength(body),
    portal: `${portalUrl}${path}`,
    floor: `${urlOf(floor)}/`,
  });
}

const about =
  `${tenant.accounts} accounts × ${tenant.workspacesPerAccount} workspaces × ${tenant.reportsPerWorkspace} reports = ` +
  `${seeded.reports} reports, ${tenant.viewers} viewers, ${seeded.permissions} permissions; database ${database.dialect}`;
console.log(JSON.stringify({ about, token, routes }));

// The load generator asks for this process's CPU time around each run (portal-api.ts).
process.on('message', () => process.send?.(process.cpuUsage()));

process.once('SIGTERM', () => {
  void (async () => {
    for (const floor of floors) floor.close();
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
