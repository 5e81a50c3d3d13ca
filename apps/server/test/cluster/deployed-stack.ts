import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort, startDeployedServer, type ServerProcess } from '@vitrina/test-support/processes';
import { createTestDatabase, type TestDatabase } from '../helper.ts';
import { deployedEnvironment } from './deployment-environment.ts';
import { startTestNginx, type TestNginx } from './nginx.ts';
import { startTestRedis } from './redis-server.ts';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

/**
 * The production set-up of docs/deployment.md on one machine: its environment file, one
 * `npm run start:bi`, two `npm run start:portal`, deploy/nginx/vitrina.conf in front, PostgreSQL
 * (a fresh database, dropped at the end) and a private redis-server.
 */
export interface DeployedStack {
  /** The environment file every process reads (machine values substituted). */
  env: Record<string, string>;
  dataDir: string;
  database: TestDatabase;
  bi: ServerProcess;
  /** The BI service reached directly on loopback, as the portal and the operator reach it. */
  biUrl: string;
  portals: ServerProcess[];
  nginx: TestNginx;
  /** `npm run bi -- …` with the environment file, as an operator runs it on the host. */
  biCli(...args: string[]): Promise<string>;
  /** Stops the BI service and starts it again on the same ports and data with `extra` added. */
  restartBi(extra: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export const adminPassword = 'Admin1234';

export async function startDeployedStack(): Promise<DeployedStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-deployed-'));
  // What has started so far, stopped in reverse order at the end or when a later start fails.
  const started: (() => Promise<unknown>)[] = [
    async () => rmSync(dataDir, { recursive: true, force: true }),
  ];
  const stopAll = async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
  };
  try {
    const [database, redis] = await Promise.all([createTestDatabase('postgres'), startTestRedis()]);
    started.push(
      () => database.drop(),
      () => redis.stop(),
    );
    const [biPort, biTlsPort, ...portalPorts] = await Promise.all(
      [0, 1, 2, 3].map(() => freePort()),
    );
    const env = deployedEnvironment({
      dataDir,
      databaseUrl: database.url,
      redisUrl: redis.url,
      biPort: biPort!,
      biTlsPort: biTlsPort!,
    });
    const biUrl = `http://127.0.0.1:${biPort}`;
    const startBi = (extra: Record<string, string> = {}) =>
      startDeployedServer('bi', { ...env, ...extra }, biUrl);
    let bi = await startBi();
    started.push(() => bi.stop('SIGKILL'));
    const portals: ServerProcess[] = [];
    // One after the other: the first creates the administrator (VITRINA_ADMIN_PASSWORD, which an
    // operator sets for the first start), the second finds it.
    for (const port of portalPorts.slice(0, 2)) {
      const portal = await startDeployedServer(
        'portal',
        { ...env, PORT: String(port), VITRINA_ADMIN_PASSWORD: adminPassword },
        `http://127.0.0.1:${port}`,
      );
      started.push(() => portal.stop('SIGKILL'));
      portals.push(portal);
    }
    // The shipped file names three instances; its third line points at the second instance.
    const nginx = await startTestNginx(
      [portalPorts[0]!, portalPorts[1]!, portalPorts[1]!],
      biPort!,
    );
    started.push(() => nginx.stop());
    return {
      env,
      dataDir,
      database,
      get bi() {
        return bi;
      },
      biUrl,
      portals,
      nginx,
      async biCli(...args) {
        const { stdout } = await run(
          process.execPath,
          [join(repoRoot, 'apps/bi-service/src/cli/bi.ts'), ...args],
          { cwd: repoRoot, env: { PATH: process.env['PATH'], ...env } },
        );
        return stdout;
      },
      async restartBi(extra) {
        await bi.stop();
        bi = await startBi(extra);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
