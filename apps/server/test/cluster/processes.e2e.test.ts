import { request, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../src/lib/passwords.ts';
import { createUser, postgresAvailable } from '../helper.ts';
import { startPortalProcess } from '@vitrina/test-support/processes';
import { redisAvailable } from './redis-server.ts';
import { useSeededCluster } from './seeded-cluster.ts';
import { revokeViewerGrants } from './viewer-grants.ts';

/** Portal instances as separate processes, on PostgreSQL and Redis, as a deployment runs them. */
describe.skipIf(!(postgresAvailable && redisAvailable))('portal instances as processes', () => {
  const setup = useSeededCluster(1, { redis: true });

  it('a grant revoked on A is refused by process B, counting what B allowed after the acknowledgement', async () => {
    const b = await startPortalProcess({ env: setup.cluster.env });
    try {
      const openOnB = async () =>
        (
          await fetch(`${b.url}/api/viewer/report/${setup.fixture.report.uid}`, {
            headers: { authorization: `Bearer ${setup.fixture.tokens.viewer}` },
          })
        ).status;
      expect(await openOnB()).toBe(502);
      expect(await revokeViewerGrants(setup.apps[0]!, setup.fixture)).toBe(204);
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
        createUser(setup.cluster.database.db, { username: `lento${i}` }),
      ),
    );
    await setup.cluster.database.db
      .updateTable('users')
      .set({ password_hash: slowHash })
      .where(
        'id',
        'in',
        users.map((user) => user.id),
      )
      .execute();
    const portal = await startPortalProcess({ env: setup.cluster.env });
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
