import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@vitrina/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../helper.ts';
import {
  startBiProcess,
  startPortalProcess,
  type BiPlacement,
  type ServerProcess,
} from '@vitrina/test-support/processes';
import { portalRequest } from './portal-request.ts';

const shell = promisify(execFile);
/** The documented commands, run as an operator types them (redirections included). */
const sh = (command: string, env: Record<string, string>) =>
  shell('sh', ['-c', command], { env: { ...process.env, ...env } });

const toolMissing = (tool: string) =>
  !['/usr/bin', '/usr/local/bin'].some((dir) => existsSync(join(dir, tool)));
const variants = [
  { dialect: 'sqlite', available: !toolMissing('sqlite3'), tools: 'sqlite3' },
  {
    dialect: 'postgres',
    available:
      postgresAvailable &&
      !toolMissing('pg_dump') &&
      !toolMissing('pg_restore') &&
      !toolMissing('psql'),
    tools: 'PostgreSQL and psql / pg_dump / pg_restore',
  },
] as const;
for (const { dialect, available, tools } of variants) {
  if (!available)
    console.warn(`\n!!! ${tools} missing: the ${dialect} backup and restore test is SKIPPED !!!\n`);
}

const adminPassword = 'Resta2025';
const csv = 'Fecha;Tienda;Importe\n01/03/2025;Lima;1.234,50\n02/03/2025;Quito;7,25\n';

/**
 * docs/deployment.md "Backups and restore", command for command: back up the portal's database
 * (sqlite3 `.backup` while running, or `pg_dump -Fc`), its keys and the BI data directory; lose
 * a user, their permissions and an uploaded BI dataset; destroy the files; restore as written;
 * start; everything is back and works (logins, permissions, reports that open, the dataset).
 */
describe.each(variants)('backup and restore as documented ($dialect)', ({ dialect, available }) => {
  const root = mkdtempSync(join(tmpdir(), 'vitrina-restore-'));
  const portalDataDir = join(root, 'portal');
  const backupDir = join(root, 'backup');
  let placement: BiPlacement;
  let bi: ServerProcess;
  let portal: ServerProcess;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    if (!available) return;
    placement = { port: await freePort(), tlsPort: await freePort(), dataDir: join(root, 'bi') };
    bi = await startBiProcess({ env: { VITRINA_DEMO: 'true' }, placement });
    database = dialect === 'postgres' ? await createTestDatabase('postgres') : undefined;
    env = {
      ...(database ? { DATABASE_URL: database.url } : {}),
      VITRINA_DEMO: 'true',
      VITRINA_ADMIN_PASSWORD: adminPassword,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      BI_URL: bi.url,
      BI_AUTHORITY_URL: `https://localhost:${placement.tlsPort}/vitrina`,
      BI_TLS_CA_FILE: join(placement.dataDir, 'bi/tls/cert.pem'),
    };
    portal = await startPortalProcess({ env, keptDataDir: portalDataDir });
  }, 240_000);
  afterAll(async () => {
    await portal?.stop('SIGKILL');
    await bi?.stop('SIGKILL');
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  async function call(method: string, path: string, token?: string, body?: unknown) {
    const response = await portalRequest(portal.url, method, path, { token, body });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
  const login = async () => {
    const answer = await call('POST', '/api/user/authenticate', undefined, {
      username: 'admin',
      password: adminPassword,
    });
    expect(answer.status).toBe(200);
    return answer.body as { id: number; token: string };
  };

  interface TreeAccount {
    id: number;
    description: string;
    error: boolean;
    workspaces: { id: string; reports: { id: string; uId: string }[] }[];
  }

  it.skipIf(!available)(
    'brings back users, permissions, reports and BI datasets',
    async () => {
      const admin = await login();
      const tree = (await call('GET', `/api/account/${admin.id}`, admin.token))
        .body as TreeAccount[];
      const comercial = tree.find((account) => account.description.endsWith('Comercial'))!;
      const workspace = comercial.workspaces[0]!;
      const report = workspace.reports[0]!;
      const datasets = `/api/datasets/account/${comercial.id}/workspace/${workspace.id}`;

      // What the backup must keep: a viewer with a permission, and an uploaded dataset.
      const viewer = await call('POST', '/api/user', admin.token, {
        username: 'respaldada',
        firstname: 'Respaldada',
        lastname: 'Prueba',
        mail: 'respaldada@vitrina.test',
        rol: 1,
      });
      expect(viewer.status).toBe(201);
      const viewerId = (viewer.body as { id: number }).id;
      const grant = [{ userId: viewerId, accountElementId: report.id }];
      expect((await call('PUT', '/api/user/permissions', admin.token, grant)).status).toBe(200);
      // A subscription sent once: on PostgreSQL its queue (pg-boss) now has tables of its own,
      // which the backup leaves out and the restore drops (the runs are in the portal's tables).
      const subscription = await call('POST', '/api/subscriptions', admin.token, {
        reportUid: report.uId,
        recipients: [viewerId],
        format: 'PDF',
        schedule: { frequency: 'daily', time: '08:00', timeZone: 'America/Lima' },
        subject: 'Respaldo diario',
      });
      expect(subscription.status).toBe(201);
      const subscriptionId = (subscription.body as { id: number }).id;
      const sent = await call('POST', `/api/subscriptions/${subscriptionId}/send`, admin.token, {});
      expect(sent.status).toBe(202);
      const upload = await call(
        'POST',
        `${datasets}/upload?name=Respaldo&fileName=ventas.csv`,
        admin.token,
        csv,
      );
      expect(upload.status).toBe(200);
      const { datasetId } = upload.body as { datasetId: string };
      const permissionsBefore = (
        await call('GET', `/api/user/${viewerId}/permissions`, admin.token)
      ).body;

      // Back up, as the table says.
      mkdirSync(backupDir);
      if (dialect === 'sqlite')
        await sh(`sqlite3 "$DATA_DIR/vitrina.db" ".backup '$BACKUP/vitrina.db'"`, {
          DATA_DIR: portalDataDir,
          BACKUP: backupDir,
        });
      else
        await sh(`pg_dump -Fc --exclude-schema=pgboss "$DATABASE" > "$BACKUP/vitrina.dump"`, {
          DATABASE: database!.url,
          BACKUP: backupDir,
        });
      cpSync(join(portalDataDir, 'keys'), join(backupDir, 'keys'), { recursive: true });
      await bi.stop();
      cpSync(join(placement.dataDir, 'bi'), join(backupDir, 'bi'), { recursive: true });
      bi = await startBiProcess({ env: { VITRINA_DEMO: 'true' }, placement });

      // Lose the data through the API, then lose the files.
      expect((await call('DELETE', `/api/user/${viewerId}`, admin.token)).status).toBe(204);
      expect((await call('DELETE', `${datasets}/dataset/${datasetId}`, admin.token)).status).toBe(
        204,
      );
      await portal.stop();
      await bi.stop();
      rmSync(join(portalDataDir, 'keys'), { recursive: true, force: true });
      rmSync(join(placement.dataDir, 'bi'), { recursive: true, force: true });

      // Restore, as the table says, with the portal and the BI service stopped.
      if (dialect === 'sqlite') {
        cpSync(join(backupDir, 'vitrina.db'), join(portalDataDir, 'vitrina.db'));
        rmSync(join(portalDataDir, 'vitrina.db-wal'), { force: true });
        rmSync(join(portalDataDir, 'vitrina.db-shm'), { force: true });
      } else {
        await sh(
          `psql -q -d "$DATABASE" -c 'DROP SCHEMA IF EXISTS pgboss CASCADE' && ` +
            `pg_restore --clean --if-exists -d "$DATABASE" "$BACKUP/vitrina.dump"`,
          {
            DATABASE: database!.url,
            BACKUP: backupDir,
          },
        );
      }
      cpSync(join(backupDir, 'keys'), join(portalDataDir, 'keys'), { recursive: true });
      cpSync(join(backupDir, 'bi'), join(placement.dataDir, 'bi'), { recursive: true });
      bi = await startBiProcess({ env: { VITRINA_DEMO: 'true' }, placement });
      portal = await startPortalProcess({ env, keptDataDir: portalDataDir });

      // Everything is back and works.
      const again = await login();
      const users = (await call('GET', '/api/user', again.token)).body as { username: string }[];
      expect(users.map((user) => user.username)).toContain('respaldada');
      const subscriptions = (await call('GET', '/api/subscriptions', again.token)).body as {
        id: number;
      }[];
      expect(subscriptions.map((each) => each.id)).toContain(subscriptionId);
      expect((await call('GET', `/api/user/${viewerId}/permissions`, again.token)).body).toEqual(
        permissionsBefore,
      );
      // The account password decrypts with the restored key and the BI service knows the report.
      expect((await call('GET', `/api/viewer/report/${report.uId}`, again.token)).status).toBe(200);
      const after = (await call('GET', `/api/account/${again.id}`, again.token))
        .body as TreeAccount[];
      expect(after.every((account) => !account.error)).toBe(true);
      const listed = (await call('GET', datasets, again.token)).body as {
        id: string;
        name: string;
        tables: { columns: { name: string }[] }[];
      }[];
      const restored = listed.find((dataset) => dataset.id === datasetId);
      expect(restored?.name).toBe('Respaldo');
      expect(restored?.tables[0]?.columns.map((column) => column.name)).toEqual([
        'Fecha',
        'Tienda',
        'Importe',
      ]);
    },
    300_000,
  );
});
