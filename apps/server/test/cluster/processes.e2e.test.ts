import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createPasswordHasher } from '../../src/lib/passwords.ts';
import { seedFixture, type Fixture } from '../fixtures.ts';
import { createUser, postgresAvailable } from '../helper.ts';
import { startTestCluster, type TestCluster } from './cluster-apps.ts';
import { startPortalProcess } from '@vitrina/test-support/processes';
import { redisAvailable, startTestRedis, type TestRedis } from './redis-server.ts';
import { revokeViewerGrants } from './viewer-grants.ts';

/** Portal instances as separate processes, on PostgreSQL and Redis, as a deployment runs them. */
describe.skipIf(!(postgresAvailable && redisAvailable))('portal instances as processes', () => {
  let redis: TestRedis;
  let cluster: TestCluster;
  let a: App;
  let fixture: Fixture;
  beforeAll(async () => {
    redis = await startTestRedis();
    cluster = await startTestCluster(1, { REDIS_URL: redis.url });
    a = cluster.apps[0]!;
    fixture = await seedFixture(a, cluster.database.db);
  });
  afterAll(async () => {
    await cluster?.close();
    await redis?.stop();
  });

  it('a grant revoked on A is refused by process B, counting what B allowed after the acknowledgement', async () => {
    const b = await startPortalProcess({ env: cluster.env });
    try {
      const openOnB = async () =>
        (
          await fetch(`${b.url}/api/viewer/report/${fixture.report.uid}`, {
            headers: { authorization: `Bearer ${fixture.tokens.viewer}` },
          })
        ).status;
      expect(await openOnB()).toBe(502);
      expect(await revokeViewerGrants(a, fixture)).toBe(204);
      let allowedAfterAck = 0;
      let refused = false;
      for (let i = 0; i < 5000 && !refused; i++) {
        const status = await openOnB();
        if (status === 502) allowedAfterAck += 1;
        refused = status === 403;
      }
      console.info(`[process B] requests allowed after A acknowledged: ${allowedAfterAck}`);
      expect(refused).toBe(true);
      // Once refused, always refused.
      for (let i = 0; i < 10; i++) expect(await openOnB()).toBe(403);
    } finally {
      await b.stop();
    }
  });

  it('SIGTERM finishes every request in flight, refuses new ones and exits cleanly', async () => {
    // A costly password hash keeps the logins in flight when the signal arrives.
    const slowHash = await createPasswordHasher({ memoryCost: 65_536, timeCost: 3 }).hash(
      'Lenta1234',
    );
    // One user per login: parallel attempts at one user count towards its lockout.
    const users = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createUser(cluster.database.db, { username: `lento${i}` }),
      ),
    );
    await cluster.database.db
      .updateTable('users')
      .set({ password_hash: slowHash })
      .where(
        'id',
        'in',
        users.map((user) => user.id),
      )
      .execute();
    const portal = await startPortalProcess({ env: cluster.env });
    const { port } = new URL(portal.url);
    const login = (username: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ username, password: 'Lenta1234' });
        const call = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/user/authenticate',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          },
          (response: IncomingMessage) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        call.on('error', reject);
        call.end(body);
      });
    const logins = users.map((user) => login(user.username));
    // The first answer means the server is working through the others.
    const first = await Promise.race(logins);
    const exited = portal.stop('SIGTERM');
    const statuses = await Promise.allSettled(logins);
    expect(first).toBe(200);
    expect(
      statuses.map((status) => (status.status === 'fulfilled' ? status.value : 'lost')),
    ).toEqual(Array.from({ length: 12 }, () => 200));
    expect(await exited).toBe(0);
    await expect(fetch(`${portal.url}/api/health`)).rejects.toThrow();
  });
});
