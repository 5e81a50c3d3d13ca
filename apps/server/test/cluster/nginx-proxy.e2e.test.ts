import { get, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../helper.ts';
import { nginxAvailable, startTestNginx, type TestNginx } from './nginx.ts';
import {
  startBiProcess,
  startPortalProcess,
  type ServerProcess,
} from '@vitrina/test-support/processes';
import { burstUser } from './burst-user.ts';
import { portalRequest } from './portal-request.ts';
import { redisAvailable, startTestRedis, type TestRedis } from './redis-server.ts';

const adminPassword = 'Admin1234';

/**
 * The deployment topology of docs/deployment.md: nginx (deploy/nginx/vitrina.conf) in front of
 * three portal processes on PostgreSQL and Redis, plus the BI service. Faults are real: an
 * instance killed with SIGKILL during a burst of writes, another stopped with SIGTERM under reads.
 * Each case prints its figures (tried, failed, lost) for docs/reliability.md.
 */
describe.skipIf(!(postgresAvailable && redisAvailable && nginxAvailable))(
  'three portal instances behind nginx',
  () => {
    let database: TestDatabase;
    let redis: TestRedis;
    let bi: ServerProcess;
    const portals: ServerProcess[] = [];
    let nginx: TestNginx;
    let token: string;

    beforeAll(async () => {
      [database, redis, bi] = await Promise.all([
        createTestDatabase('postgres'),
        startTestRedis(),
        startBiProcess({ env: { TRUST_PROXY: '127.0.0.1' } }),
      ]);
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        BI_URL: bi.url,
        TRUST_PROXY: '127.0.0.1',
        JWT_SECRET: 'a'.repeat(64),
        ACCOUNT_SECRET_KEY: 'b'.repeat(64),
        VITRINA_ADMIN_PASSWORD: adminPassword,
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      };
      // One after the other: the first creates the administrator, the others find it.
      for (let i = 0; i < 3; i++) portals.push(await startPortalProcess({ env }));
      nginx = await startTestNginx(
        portals.map((portal) => Number(new URL(portal.url).port)),
        Number(new URL(bi.url).port),
      );
      const login = await call('POST', '/api/user/authenticate', {
        username: 'admin',
        password: adminPassword,
      });
      token = (login.body as { token: string }).token;
    }, 240_000);
    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(portals.map((portal) => portal.stop('SIGKILL')));
      await bi?.stop();
      await redis?.stop();
      await database?.drop();
    });

    async function call(method: string, path: string, body?: unknown) {
      const response = await portalRequest(nginx.url, method, path, { token, body });
      // nginx's own error pages (a 502 for a write in flight on a killed instance) are HTML.
      const json = response.headers.get('content-type')?.includes('application/json');
      return {
        status: response.status,
        body: json ? ((await response.json()) as unknown) : undefined,
      };
    }

    it('serves the portal and, on its own host name, the BI service', async () => {
      expect((await call('GET', '/api/ready')).body).toEqual({
        status: 'ok',
        dependencies: { database: 'ok', redis: 'ok', bi: 'ok' },
      });
      const biStatus = await new Promise<number>((resolve, reject) =>
        get(
          {
            host: '127.0.0.1',
            port: nginx.port,
            path: '/health',
            headers: { host: 'bi.example.com' },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        ).on('error', reject),
      );
      expect(biStatus).toBe(200);
    });

    it('counts a client by the address nginx sees, whatever X-Forwarded-For it writes', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 45; attempt++) {
        const response = await portalRequest(nginx.url, 'POST', '/api/user/authenticate', {
          body: { username: 'nadie', password: 'Mala1234' },
          headers: { 'x-forwarded-for': `192.0.2.${attempt + 1}` },
        });
        statuses.push(response.status);
      }
      // LOGIN_RATE_LIMIT_PER_MINUTE (20) failures, then 429, on whichever instance answers.
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    });

    it('lets the documented uploads through to the servers on both hosts', async () => {
      // Past nginx's former caps (2 MB and 1 MB): the servers answer, in JSON, not nginx's HTML 413.
      const file = 'x'.repeat(3 * 1024 * 1024);
      const portal = await portalRequest(
        nginx.url,
        'POST',
        '/api/datasets/account/999/workspace/none/upload?fileName=ventas.csv',
        { token, body: file },
      );
      expect(portal.status).not.toBe(413);
      expect(portal.headers.get('content-type')).toContain('application/json');
      const biStatus = await new Promise<{ status: number; type: string | undefined }>(
        (resolve, reject) => {
          const upload = request(
            {
              host: '127.0.0.1',
              port: nginx.port,
              method: 'POST',
              path: '/v1.0/myorg/imports?datasetDisplayName=ventas',
              headers: { host: 'bi.example.com', 'content-type': 'application/octet-stream' },
            },
            (response) => {
              response.resume();
              resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] });
            },
          ).on('error', reject);
          upload.end(file);
        },
      );
      expect(biStatus.status).not.toBe(413);
      expect(biStatus.type).toContain('application/json');
    });

    it('kill -9 during a burst of writes: every acknowledged write is stored whole, reads never fail', async () => {
      const tried = 90;
      const acknowledged: string[] = [];
      const failedWrites: number[] = [];
      const readStatuses: number[] = [];
      let sent = 0;
      const writer = async () => {
        while (sent < tried) {
          const username = `carga${sent++}`;
          const answer = await call('POST', '/api/user', burstUser(username, 'Carga'));
          if (answer.status === 201) acknowledged.push(username);
          else failedWrites.push(answer.status);
          // The victim dies a third of the way through.
          if (sent === tried / 3) portals[1]!.child.kill('SIGKILL');
          readStatuses.push((await call('GET', '/api/user')).status);
        }
      };
      await Promise.all(Array.from({ length: 6 }, () => writer()));

      const stored = await database.db
        .selectFrom('users')
        .select(['username', 'firstname', 'mail'])
        .where('username', 'like', 'carga%')
        .execute();
      const audited = await database.db
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'user.created')
        .execute();
      const storedNames = new Set(stored.map((row) => row.username));
      const lost = acknowledged.filter((username) => !storedNames.has(username));
      console.info(
        `[kill -9 under writes] tried ${tried}, acknowledged ${acknowledged.length}, ` +
          `failed ${failedWrites.length} (${failedWrites.join(', ') || 'none'}), lost ${lost.length}; ` +
          `reads ${readStatuses.length}, failed ${readStatuses.filter((s) => s !== 200).length}`,
      );
      expect(lost).toEqual([]);
      // Nothing half-written: every stored user is complete and has its audit row.
      expect(
        stored.every((row) => row.firstname === 'Carga' && row.mail.endsWith('@vitrina.test')),
      ).toBe(true);
      expect(audited.length).toBeGreaterThanOrEqual(stored.length);
      // A write that failed can only be one in flight on the killed instance.
      expect(failedWrites.every((status) => status === 502)).toBe(true);
      expect(readStatuses.every((status) => status === 200)).toBe(true);
    });

    it('SIGTERM on an instance under reads (a rolling restart) loses no request', async () => {
      const statuses: number[] = [];
      const stopping = portals[2]!.stop('SIGTERM');
      const reader = async () => {
        for (let i = 0; i < 40; i++) statuses.push((await call('GET', '/api/user')).status);
      };
      await Promise.all([...Array.from({ length: 6 }, () => reader()), stopping]);
      console.info(
        `[SIGTERM under reads] tried ${statuses.length}, failed ${statuses.filter((s) => s !== 200).length}`,
      );
      expect(await stopping).toBe(0);
      expect(statuses.every((status) => status === 200)).toBe(true);
    });

    it('a shared dependency down takes no instance out of the pool', async () => {
      // Last: it stops the BI service. Every instance's readiness then answers 503; with
      // max_fails=1 nginx would mark each one failed for 5 s if it counted that answer.
      await bi.stop();
      const readiness = [];
      for (let i = 0; i < 6; i++) readiness.push(await call('GET', '/api/ready'));
      const others = await Promise.all(
        Array.from({ length: 12 }, async () => (await call('GET', '/api/user')).status),
      );
      console.info(
        `[BI down behind nginx] readiness ${readiness.map((r) => r.status).join(' ')}; ` +
          `other calls ${others.join(' ')}`,
      );
      expect(readiness.every((r) => r.status === 503)).toBe(true);
      expect(readiness[0]!.body).toMatchObject({
        status: expect.any(String),
        dependencies: { bi: 'caído' },
      });
      expect(others.every((status) => status === 200)).toBe(true);
    });
  },
);
